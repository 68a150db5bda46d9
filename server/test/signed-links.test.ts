import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerParamsQuery } from '../../src/contract/player-params';
import { sign } from '../src/player/signed-links';
import { startServer, type TestServer } from './helpers';

/**
 * Signed, expiring player links and the playback grant (issue 40): a signed file opens from a valid
 * link only; a page opened in time keeps playing past the link's expiry (its player renews the grant),
 * while the expired link opens no new player.
 */
const SECRET = 'current-signing-secret-for-tests';
const PREVIOUS = 'previous-signing-secret-for-tests';
const PRIVATE = 'This video is private';
const EXPIRED = 'This link has expired';

describe('signed player links', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  let fileId: number;
  let slug: string;
  let segment: string;

  beforeAll(async () => {
    s = await startServer({
      signingSecret: SECRET,
      signingSecretPrevious: PREVIOUS,
      playbackGrantSeconds: 300,
      playbackGrantMaxHours: 24,
      sessionIdleSeconds: 1e9,
      sessionMaxSeconds: 1e9,
    });
    await s.addAccount('owner', 'owner-password', 1);
    await s.addAccount('other', 'other-password', 0);
    key = await s.login('owner', 'owner-password');
    otherKey = await s.login('other', 'other-password');
    const file = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files[0];
    fileId = file.file_id;
    slug = file.file_slug;
    const folder = `files/${fileId}-sig123/`;
    for (const name of ['master.m3u8', 'v0/seg_000.ts']) await s.app.media.putFile(folder + name, import.meta.filename);
    await s.app.db.run('UPDATE files SET file_status = 10, is_active = 1, file_rendition = ? WHERE file_id = ?', [
      `${folder}master.m3u8`,
      fileId,
    ]);
    segment = `/media/${folder}v0/seg_000.ts`;
    const saved = await s.request('PUT', `/api/files/${fileId}`, {
      key,
      json: { player_access: { embed: 'anywhere', sites: [], signed: true, allow_no_referrer: true } },
    });
    expect(saved.status).toBe(200);
    for (let i = 0; i < 200 && !(await s.app.playerAccess(fileId)).signed; i++) await new Promise((r) => setTimeout(r, 25));
  });
  afterAll(() => s.close());

  const mint = async (json: unknown, k = key) => s.request('POST', `/api/files/${fileId}/player-token`, { key: k, json });
  const get = (url: string, headers: Record<string, string> = {}) => fetch(s.base + url, { headers });
  const grantOf = (html: string) => /data-grant="([^"]+)"/.exec(html)![1]!;

  it('a signed file opens only from a valid link: none or a tampered one is private, an expired one says so', async () => {
    const bare = await get(`/player/${slug}`);
    expect(bare.status).toBe(403);
    expect(await bare.text()).toContain(`<p role="alert">${PRIVATE}</p>`);
    const media = await get(segment);
    expect(media.status).toBe(403);
    expect((await media.json()).message).toBe(`${PRIVATE}: it plays only from a signed link`);

    const minted = await mint({ expires_in: 20 });
    expect(minted.status).toBe(200);
    const { token, expires_at: expiresAt, url } = minted.body.data;
    expect(expiresAt).toBe(new Date(Math.floor(s.now.value / 1000) * 1000 + 20_000).toISOString());
    expect(url).toBe(`${s.base}/player/${slug}?token=${encodeURIComponent(token)}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(
      /data-hls="\/media\/files\/\d+-sig123\/master\.m3u8\?grant=[^"]+" data-grant="[^"]+" data-grant-url="\/player\/[^"]+\/grant"/,
    );
    expect((await get(`${segment}?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await get(`${segment}?grant=${encodeURIComponent(grantOf(html))}`)).status).toBe(200);

    const tampered = token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    for (const bad of [tampered, 'x', `${token}x`, 'a'.repeat(5000)]) {
      const res = await get(`${segment}?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(`${PRIVATE}: the link's token is not valid`);
    }
    const forOther = sign(SECRET, 'link', { f: fileId + 1000, e: Math.floor(s.now.value / 1000) + 60 });
    expect((await (await get(`${segment}?token=${forOther}`)).json()).message).toBe(`${PRIVATE}: the token is for another video`);

    s.advance(21_000);
    const late = await fetch(url, { headers: { 'accept-language': 'vi' } });
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('<p role="alert">Liên kết này đã hết hạn</p>');
    expect(await (await fetch(url)).text()).toContain(`<p role="alert">${EXPIRED}</p>`);
    const lateMedia = await get(`${segment}?token=${encodeURIComponent(token)}`);
    expect(lateMedia.status).toBe(403);
    expect((await lateMedia.json()).message).toBe(`${EXPIRED}: its time is up`);
  });

  it('a film started before the link expired plays on after it, past a long pause, while the link opens no new player', async () => {
    const { url } = (await mint({ expires_in: 20 })).body.data;
    const grant = grantOf(await (await fetch(url)).text());
    s.advance(60 * 60_000); // an hour's pause: the link and the grant have both lapsed
    expect((await fetch(url)).status).toBe(403);
    const lapsed = await get(`${segment}?grant=${encodeURIComponent(grant)}`);
    expect(lapsed.status).toBe(403);
    expect((await lapsed.json()).message).toBe(`${EXPIRED}: its time is up`);
    const renewed = await s.request('POST', `/player/${slug}/grant?grant=${encodeURIComponent(grant)}`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.data.expires_at).toBe(new Date(Math.floor(s.now.value / 1000) * 1000 + 300_000).toISOString());
    expect((await get(`${segment}?grant=${encodeURIComponent(renewed.body.data.grant)}`)).status).toBe(200);
    // A link is no grant, and a grant is no link.
    expect((await get(`/player/${slug}?token=${encodeURIComponent(renewed.body.data.grant)}`)).status).toBe(403);
    s.advance(24 * 3600_000); // a page opened a day ago renews no more
    const stale = await s.request('POST', `/player/${slug}/grant?grant=${encodeURIComponent(renewed.body.data.grant)}`);
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(`${EXPIRED}: the page was opened too long ago; open the link again`);
  });

  it('accepts a link signed locally with the previous secret (a rotation), never one of another secret', async () => {
    const e = Math.floor(s.now.value / 1000) + 60;
    expect((await get(`/player/${slug}?token=${sign(PREVIOUS, 'link', { f: fileId, e })}`)).status).toBe(200);
    expect((await get(`/player/${slug}?token=${sign(SECRET, 'link', { f: fileId, e })}`)).status).toBe(200);
    expect((await get(`/player/${slug}?token=${sign('someone-elses-secret', 'link', { f: fileId, e })}`)).status).toBe(403);
  });

  it("the kit's preview (the player link, its parameters and a link the kit mints) plays framed by the kit", async () => {
    // As src/app/shared/signed-player-url.ts builds it: the player domain and slug, the parameters, then ?token=.
    const domain = (await s.request('GET', '/api/config', { key })).body.data.player.domain as string;
    const previewUrl = `${domain}${domain.endsWith('/') ? '' : '/'}${slug}?${playerParamsQuery({ start: 5, muted: true, title: false })}`;
    const framedByKit = (url: string) =>
      fetch(url, { headers: { 'sec-fetch-dest': 'iframe', referer: `${s.base}/admin/files/${fileId}` } });
    // Without a link, as the preview was framed before the kit minted one: the viewer read "This video is private".
    const unsigned = await framedByKit(previewUrl);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain(`<p role="alert">${PRIVATE}</p>`);
    const { token } = (await mint({ expires_in: 3600 })).body.data;
    const page = await framedByKit(`${previewUrl}&token=${encodeURIComponent(token)}`);
    expect(page.status).toBe(200);
    const playlist = /data-hls="([^"]+)"/.exec(await page.text())![1]!.replaceAll('&amp;', '&');
    expect((await get(playlist, { referer: `${s.base}/player/${slug}` })).status).toBe(200);
  });

  it('a link made for a site plays framed by that site only', async () => {
    const { token } = (await mint({ expires_in: 600, site: 'school.example' })).body.data;
    const framed = (site: string) =>
      get(`/player/${slug}?token=${encodeURIComponent(token)}`, { 'sec-fetch-dest': 'iframe', referer: `${site}/lesson` });
    expect((await framed('https://school.example')).status).toBe(200);
    const other = await framed('https://elsewhere.example');
    expect(other.status).toBe(403);
    expect(await other.text()).toContain('This video can&#39;t be played on this site');
    const media = await get(`${segment}?token=${encodeURIComponent(token)}`, { referer: 'https://elsewhere.example/' });
    expect((await media.json()).message).toBe("This video can't be played on this site: the link is for another site");
  });

  it('mints only for a file of the account, with a lifetime and site it can keep', async () => {
    expect((await mint({ expires_in: 60 }, otherKey)).status).toBe(404);
    expect((await mint({ expires_in: 60 }, 'not-a-key')).status).toBe(401);
    for (const [json, message] of [
      [{ expires_in: 0 }, 'expires_in must be at least 1'],
      [{ expires_in: 366 * 86_400 }, 'expires_in must be at most 31536000 seconds (VP_PLAYER_TOKEN_MAX_DAYS)'],
      [{ expires_in: 60, site: 'https://school.example/' }, 'Not a host name: "https://school.example/"'],
      [{}, 'expires_in'],
    ] as const) {
      const reply = await mint(json);
      expect(reply.status, JSON.stringify(json)).toBe(400);
      expect(reply.body.message).toContain(message);
    }
  });

  it('answers 409 when the server has no signing secret', async () => {
    const off = await startServer();
    try {
      await off.addAccount('owner', 'owner-password', 1);
      const k = await off.login('owner', 'owner-password');
      const id = (await off.request('GET', '/api/files/?limit=1', { key: k })).body.data.files[0].file_id;
      const reply = await off.request('POST', `/api/files/${id}/player-token`, { key: k, json: { expires_in: 60 } });
      expect(reply.status).toBe(409);
      expect(reply.body.message).toBe('Signed links are off on this server: set VP_SIGNING_SECRET');
    } finally {
      await off.close();
    }
  });
});
