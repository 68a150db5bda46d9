import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/**
 * Where a video may play (issue 40): the player page answers a page that frames it on a refused site
 * with the refusal text (403), its CSP's frame-ancestors follows the file's access, and its playlists,
 * segments and tracks check the site they are fetched for; the service's own origins always play.
 */
const KIT = 'https://admin.example';
const ALLOWED = 'https://allowed.example';
const REFUSED = 'https://elsewhere.example';
const REFUSED_PAGE = "This video can't be played on this site";

describe('player access on the player page and its media', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  let slug: string;
  let urls: { page: string; playlist: string; segment: string; storyboard: string };

  beforeAll(async () => {
    s = await startServer({ corsOrigins: [KIT] });
    await s.addAccount('owner', 'owner-password', 1);
    key = await s.login('owner', 'owner-password');
    const file = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files[0];
    fileId = file.file_id;
    slug = file.file_slug;
    const folder = `files/${fileId}-abc123/`;
    for (const name of ['master.m3u8', 'v0/seg_000.ts', 'sprite.jpg']) await s.app.media.putFile(folder + name, import.meta.filename);
    await s.app.db.run(
      'UPDATE files SET file_status = 10, is_active = 1, file_rendition = ?, file_slide = ?, file_duration = 10, file_width = 320, file_height = 180 WHERE file_id = ?',
      [`${folder}master.m3u8`, `media/${folder}sprite.jpg`, fileId],
    );
    urls = {
      page: `/player/${slug}`,
      playlist: `/media/${folder}master.m3u8`,
      segment: `/media/${folder}v0/seg_000.ts`,
      storyboard: `/player/${slug}/storyboard.vtt`,
    };
  });
  afterAll(() => s.close());

  const setAccess = async (access: unknown) => {
    const saved = await s.request('PUT', `/api/files/${fileId}`, { key, json: { player_access: access } });
    expect(saved.status).toBe(200);
    await untilApplied();
  };
  /** Every node applies a change once it has read its event: polled, never slept for. */
  const untilApplied = async () => {
    const want = (await s.app.files.storedPlayerAccess(fileId)) ?? null;
    for (let i = 0; i < 200; i++) {
      const known = await s.app.playerAccess(fileId);
      if (JSON.stringify(known) === (want ?? JSON.stringify({ embed: 'anywhere', sites: [], signed: false, allow_no_referrer: true })))
        return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the change was never applied');
  };
  /** A page framed by `site` (as a browser sends it), or opened in a tab of its own. */
  const page = (site: string | null, init: { dest?: string; language?: string } = {}) => {
    const headers: Record<string, string> = { 'sec-fetch-dest': init.dest ?? 'iframe' };
    if (site) headers.referer = `${site}/course/lesson-1`;
    if (init.language) headers['accept-language'] = init.language;
    return fetch(s.base + urls.page, { headers });
  };
  /** A media request for a page on `site` (null: names none). */
  const media = (url: string, site: string | null, by: 'origin' | 'referer' = 'referer') =>
    fetch(s.base + url, { headers: site === null ? {} : by === 'origin' ? { origin: site } : { referer: `${site}/` } });

  it('plays anywhere by default: frame-ancestors *, media for any site or none', async () => {
    const res = await page(REFUSED);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    for (const url of [urls.playlist, urls.segment, urls.storyboard]) {
      expect((await media(url, REFUSED)).status).toBe(200);
      expect((await media(url, null)).status).toBe(200);
    }
    expect((await media(urls.segment, null)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('a page on a listed site plays (page, playlist, segment 200); one on another site gets the refusal page and 403s', async () => {
    await setAccess({ embed: 'sites', sites: ['allowed.example', '*.partner.example'], signed: false, allow_no_referrer: false });

    const allowed = await page(ALLOWED);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('<video slot="media"');
    const csp = allowed.headers.get('content-security-policy')!;
    expect(csp).toMatch(new RegExp(`frame-ancestors 'self' ${KIT} allowed\\.example:\\* \\*\\.partner\\.example:\\*$`));
    expect((await page('https://www.partner.example')).status).toBe(200);
    for (const url of [urls.playlist, urls.segment, urls.storyboard]) {
      expect((await media(url, ALLOWED)).status, url).toBe(200);
      expect((await media(url, ALLOWED, 'origin')).status, url).toBe(200);
      // The player's own requests name the player's origin: the service's own.
      expect((await media(url, s.base)).status, url).toBe(200);
    }
    expect((await media(urls.segment, ALLOWED)).headers.get('cache-control')).toBe('private, max-age=31536000, immutable');

    for (const site of [REFUSED, 'https://partner.example', 'https://allowed.example.evil.example']) {
      const refused = await page(site);
      expect(refused.status, site).toBe(403);
      const html = await refused.text();
      expect(html).toContain(`<p role="alert">${REFUSED_PAGE.replace("'", '&#39;')}</p>`);
      expect(html).not.toContain('<video');
      // Framable anywhere: the viewer reads why, never a frame the browser blanked.
      expect(refused.headers.get('content-security-policy')).toContain('frame-ancestors *');
    }
    for (const url of [urls.playlist, urls.segment, urls.storyboard]) {
      const res = await media(url, REFUSED);
      expect(res.status, url).toBe(403);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'error', message: `${REFUSED_PAGE}: the site is not one of those it may play on` });
    }
    // Without a Referer: as allow_no_referrer says.
    const bare = await media(urls.segment, null);
    expect(bare.status).toBe(403);
    expect((await bare.json()).message).toBe(`${REFUSED_PAGE}: the request names no site (no Referer or Origin), and this video needs one`);
    await setAccess({ embed: 'sites', sites: ['allowed.example'], signed: false, allow_no_referrer: true });
    expect((await media(urls.segment, null)).status).toBe(200);
    expect((await media(urls.segment, REFUSED)).status).toBe(403);
  });

  it("says why in the viewer's language (Vietnamese or English)", async () => {
    await setAccess({ embed: 'sites', sites: ['allowed.example'], signed: false, allow_no_referrer: true });
    const vi = await page(REFUSED, { language: 'vi-VN,vi;q=0.9,en;q=0.8' });
    const html = await vi.text();
    expect(html).toContain('<html lang="vi">');
    expect(html).toContain('<p role="alert">Không thể phát video này trên trang web này</p>');
    expect(await (await page(REFUSED, { language: 'fr, en;q=0.5' })).text()).toContain('<html lang="en">');
  });

  it('the service\'s own origins always play; "nowhere" still opens its link in a tab of its own', async () => {
    await setAccess({ embed: 'nowhere', sites: [], signed: false, allow_no_referrer: true });
    for (const own of [KIT, s.base]) {
      expect((await page(own)).status, own).toBe(200);
      expect((await media(urls.segment, own)).status, own).toBe(200);
      expect((await media(urls.segment, own, 'origin')).status, own).toBe(200);
    }
    const tab = await page(REFUSED, { dest: 'document' });
    expect(tab.status).toBe(200);
    expect(tab.headers.get('content-security-policy')).toMatch(new RegExp(`frame-ancestors 'self' ${KIT}$`));
    expect((await page(ALLOWED)).status).toBe(403);
    const segment = await media(urls.segment, ALLOWED);
    expect(segment.status).toBe(403);
    expect((await segment.json()).message).toBe(`${REFUSED_PAGE}: it may not be embedded on any other site`);
  });

  it("follows the account's default while the file has none, at once on the node that saved it", async () => {
    await setAccess(null);
    const saved = await s.request('PUT', '/api/config', {
      key,
      json: { player: { access: { embed: 'sites', sites: ['allowed.example'], signed: false, allow_no_referrer: true } } },
    });
    expect(saved.status).toBe(200);
    expect((await media(urls.segment, REFUSED)).status).toBe(403);
    expect((await page(REFUSED)).status).toBe(403);
    expect((await media(urls.segment, ALLOWED)).status).toBe(200);
    await s.request('PUT', '/api/config', {
      key,
      json: { player: { access: { embed: 'anywhere', sites: [], signed: false, allow_no_referrer: true } } },
    });
    expect((await media(urls.segment, REFUSED)).status).toBe(200);
  });

  it('reads no database per segment: the access is kept per node until an event of the file says it changed', async () => {
    await setAccess({ embed: 'sites', sites: ['allowed.example'], signed: false, allow_no_referrer: true });
    expect((await media(urls.segment, ALLOWED)).status).toBe(200); // known from here on
    const files = s.app.files;
    const read = files.storedPlayerAccess.bind(files);
    let reads = 0;
    files.storedPlayerAccess = (id) => {
      reads++;
      return read(id);
    };
    try {
      for (let i = 0; i < 20; i++) expect((await media(urls.segment, ALLOWED)).status).toBe(200);
      expect(reads).toBe(0);
      await setAccess({ embed: 'sites', sites: ['other.example'], signed: false, allow_no_referrer: true });
      expect((await media(urls.segment, ALLOWED)).status).toBe(403);
      expect(reads).toBeGreaterThan(0);
    } finally {
      files.storedPlayerAccess = read;
    }
  });
});
