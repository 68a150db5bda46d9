import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';
import { markPlayable } from './pipeline-support';

/** What `/player/{slug}?…` renders for each parameter: the page a visitor's browser receives. */
describe('player URL parameters', () => {
  let s: TestServer;
  let slug: string;

  beforeAll(async () => {
    s = await startServer();
    const accountId = await s.addAccount('embedder', 'embedder-password', 1);
    const key = await s.login('embedder', 'embedder-password');
    const file = (await s.app.db.get<{ file_id: number; file_slug: string }>('SELECT file_id, file_slug FROM files WHERE account_id = ?', [
      accountId,
    ]))!;
    slug = file.file_slug;
    await markPlayable(s.app.db, file.file_id);
    await s.app.db.run('UPDATE files SET file_duration = 120 WHERE file_id = ?', [file.file_id]);
    for (const lang of ['en', 'pt-br']) {
      const added = await s.request('POST', '/api/files/sub', {
        key,
        body: uploadForm({ file: { name: `t.${lang}.srt`, content: SRT }, file_id: file.file_id, sub_lang: lang }),
      });
      expect(added.status).toBe(200);
    }
  });
  afterAll(() => s.close());

  const page = async (query: string) => {
    const res = await fetch(`${s.base}/player/${slug}${query}`, { redirect: 'manual' });
    const html = await res.text();
    return { res, html, video: /<video [^>]*>/.exec(html)?.[0] ?? '' };
  };

  it('without parameters: the title, the control bar, no autoplay, mute, loop, start or default subtitle', async () => {
    const { res, html, video } = await page('');
    expect(res.status).toBe(200);
    expect(html).toMatch(/<h1>.+<\/h1>/);
    expect(html).toContain('<media-control-bar>');
    expect(video).not.toMatch(/ (autoplay|muted|loop|data-start)[ =>]/);
    expect(html).not.toMatch(/<track kind="subtitles"[^>]* default/);
  });

  it('start in seconds, as a clock or in units becomes the data-start the player script seeks to', async () => {
    for (const start of ['83', '1:23', '1m23s', '1M23S']) expect((await page(`?start=${start}`)).video, start).toContain('data-start="83"');
    expect((await page('?start=12.5')).video).toContain('data-start="12.5"');
  });

  it('autoplay brings muted (the only autoplay browsers allow); muted and loop on their own', async () => {
    expect((await page('?autoplay=1')).video).toMatch(/ autoplay muted /);
    expect((await page('?autoplay')).video).toMatch(/ autoplay muted /);
    const muted = (await page('?muted=1')).video;
    expect(muted).toContain(' muted ');
    expect(muted).not.toContain('autoplay');
    expect((await page('?loop=true')).video).toContain(' loop ');
  });

  it('controls=0 leaves the control bar out, title=0 the heading', async () => {
    const { html } = await page('?controls=0&title=0');
    expect(html).not.toContain('<media-control-bar>');
    expect(html).not.toContain('<h1>');
    expect(html).toContain('<media-controller ');
  });

  it('subtitles=<lang> makes that track the default one, in any letter case; a language the file lacks changes nothing', async () => {
    const chosen = (await page('?subtitles=PT-BR')).html.match(/<track kind="subtitles"[^>]*>/g)!;
    expect(chosen).toHaveLength(2);
    expect(chosen.find((t) => t.includes('srclang="pt-br"'))).toContain(' default ');
    expect(chosen.find((t) => t.includes('srclang="en"'))).not.toContain(' default');
    expect((await page('?subtitles=fr')).html).not.toMatch(/<track kind="subtitles"[^>]* default/);
  });

  it('invalid values are ignored: the page still plays, with the strict CSP, never an error page', async () => {
    for (const query of [
      '?start=soon',
      '?start=-5',
      '?start=121', // past the end of the 120 s video
      '?start=1:75',
      '?autoplay=maybe',
      '?controls=2&title=yes-please',
      '?subtitles=%3Cscript%3E',
      '?subtitles=',
      '?start=%ZZ&loop[]=1',
      '?start=1&start=2&start[x]=3',
      `?start=${'9'.repeat(5000)}`,
    ]) {
      const { res, html, video } = await page(query);
      expect(res.status, query).toBe(200);
      expect(html, query).toContain('<script type="module" src="/player/assets/player.js"></script>');
      expect(res.headers.get('content-security-policy'), query).toContain("script-src 'self'");
      expect(video, query).not.toMatch(/ (autoplay|muted|data-start="(?!1")|default)[ =>]/);
      expect(html, query).not.toContain('<script>');
    }
  });

  it("a renamed file's old slug redirects with its parameters", async () => {
    const { file_id: id } = (await s.app.db.get<{ file_id: number }>('SELECT file_id FROM files WHERE file_slug = ?', [slug]))!;
    const key = await s.login('embedder', 'embedder-password');
    const renamed = await s.request('PUT', `/api/files/${id}`, { key, json: { file_slug: `${slug}-new` } });
    expect(renamed.status).toBe(200);
    const old = await page('?start=1m23s&autoplay=1');
    expect(old.res.status).toBe(301);
    expect(old.res.headers.get('location')).toBe(`/player/${slug}-new?start=1m23s&autoplay=1`);
    slug = `${slug}-new`;
  });
});
