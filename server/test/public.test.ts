import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';
import { markPlayable } from './pipeline-support';

describe('config, player, images, pages, headers', () => {
  let s: TestServer;
  let key: string;
  let file: any;
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-demo-'));
  const kitDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-kit-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(demoDir, 'index.html'), '<!doctype html><title>index</title>');
    fs.writeFileSync(path.join(demoDir, 'portal.html'), '<!doctype html><title>portal</title>');
    fs.writeFileSync(path.join(demoDir, 'cms.html'), '<!doctype html><title>cms</title>');
    fs.writeFileSync(path.join(demoDir, 'demo.css'), 'body{}');
    fs.writeFileSync(path.join(kitDir, 'vp-admin-kit.js'), 'export {};');
    fs.writeFileSync(path.join(kitDir, 'file-list-AbCdEf12.js'), 'export {};');
    s = await startServer({ demoDir, kitDir });
    await s.addAccount('viewer', 'viewer-password', 3);
    key = await s.login('viewer', 'viewer-password');
    file = (await s.request('GET', '/api/files/', { key })).body.data.files[0];
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(demoDir, { recursive: true, force: true });
    fs.rmSync(kitDir, { recursive: true, force: true });
  });

  it('GET /api/config gives the player domain, UI defaults, embed defaults (none yet) and the image host', async () => {
    const res = await s.request('GET', '/api/config', { key });
    expect(res.body).toEqual({
      status: 'success',
      message: 'Config loaded',
      data: {
        player: { domain: `${s.base}/player/`, ui: { primaryColor: '#1976d2', autoplay: false, controls: true }, embed: {} },
        imageHost: `${s.base}/images/`,
        token: null,
        trash: { days: 30 },
        account: { username: 'viewer' },
      },
    });
    expect((await s.request('GET', '/api/config')).status).toBe(401);
  });

  it('serves a frameable, escaped player page with subtitle tracks', async () => {
    const id = file.file_id;
    await s.request('PUT', `/api/files/${id}`, { key, json: { file_title: '<img src=x onerror=alert(1)> "quoted" & more', isActive: 1 } });
    await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'a.srt', content: SRT }, file_id: id, sub_lang: 'fr' }),
    });
    const noDialogue = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'b.ass', content: '[Script Info]' }, file_id: id, sub_lang: 'de' }),
    });
    expect(noDialogue.body).toEqual({ status: 'error', message: 'No subtitles were found in this file. Is it really a .ass file?' });
    await markPlayable(s.app.db, id);
    const res = await fetch(`${s.base}/player/${encodeURIComponent(file.file_slug)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const html = await res.text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#34;quoted&#34; &#38; more');
    expect(html).toContain('<video slot="media" data-hls="/media/files/0-test/master.m3u8"');
    expect(html).toContain(`poster="/images/${file.file_image}"`);
    const tracks = html.match(/<track [^>]+>/g) ?? [];
    expect(tracks).toHaveLength(1); // the .ass without dialogue was refused
    expect(tracks[0]).toContain('srclang="fr"');
    expect(tracks[0]).toContain('label="French"');
    const src = /src="([^"]+)"/.exec(tracks[0]!)![1]!;
    const vtt = await fetch(s.base + src);
    expect(vtt.headers.get('content-type')).toContain('text/vtt');
    expect(await vtt.text()).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello <b>world</b>\n\n00:00:04.000 --> 00:00:06.500\nSecond line\n',
    );
  });

  it('404s the player page of an inactive or unknown file', async () => {
    await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { isActive: 0 } });
    for (const slug of [file.file_slug, 'no-such-slug']) {
      const res = await fetch(`${s.base}/player/${slug}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This video is not available');
    }
    await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { isActive: 1 } });
  });

  it('serves generated SVG placeholders and 404s unknown images', async () => {
    const thumb = await fetch(`${s.base}/images/thumbs/42.svg`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await thumb.text();
    expect(svg).toMatch(/^<svg /);
    expect(await (await fetch(`${s.base}/images/thumbs/42.svg`)).text()).toBe(svg);
    for (const name of ['missing/42.jpg', 'thumbs/x.svg', '../vp.db']) {
      const res = await s.request('GET', `/images/${name}`);
      expect(res.status).toBe(404);
    }
  });

  it('serves the demo pages, the kit, and the history fallback', async () => {
    const page = async (url: string, accept = 'text/html') => {
      const res = await fetch(s.base + url, { headers: { accept } });
      return { status: res.status, text: await res.text(), headers: res.headers };
    };
    expect((await page('/')).text).toContain('<title>index</title>');
    expect((await page('/index.html')).text).toContain('<title>index</title>');
    expect((await page('/cms.html')).text).toContain('<title>cms</title>');
    expect((await page('/portal.html')).text).toContain('<title>portal</title>');
    expect((await page('/demo.css', 'text/css')).text).toBe('body{}');
    expect((await page('/files/42')).text).toContain('<title>index</title>');
    expect((await page('/auth/login')).text).toContain('<title>index</title>');
    expect((await page('/portal')).text).toContain('<title>portal</title>');
    expect((await page('/portal/admin/videos/files')).text).toContain('<title>portal</title>');
    const api404 = await page('/api/nope');
    expect(api404.status).toBe(404);
    expect(JSON.parse(api404.text)).toEqual({ status: 'error', message: 'Not found: GET /api/nope' });
    expect((await page('/files/42', 'application/json')).status).toBe(404);

    const entry = await page('/kit/vp-admin-kit.js', '*/*');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    expect((await page('/kit/file-list-AbCdEf12.js', '*/*')).headers.get('cache-control')).toContain('immutable');
    expect((await page('/kit/../package.json', '*/*')).status).not.toBe(200);
    expect((await page('/kit/missing.js', '*/*')).status).toBe(404);
  });

  it('explains a missing build instead of crashing', async () => {
    const t = await startServer({ demoDir: path.join(demoDir, 'nope'), kitDir: path.join(kitDir, 'nope') });
    const kit = await fetch(`${t.base}/kit/vp-admin-kit.js`);
    expect(kit.status).toBe(503);
    expect(await kit.text()).toContain('Run npm run build');
    const home = await fetch(`${t.base}/`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(503);
    await t.close();
  });

  it('sends the security headers: CSP without upgrade-insecure-requests, no HSTS', async () => {
    const res = await fetch(`${s.base}/`, { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy')!;
    for (const part of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it("allows the shipped demo page's inline script by its hash, and no other inline script", async () => {
    const shipped = path.join(import.meta.dirname, '../../demo');
    const t = await startServer({ demoDir: shipped, kitDir });
    try {
      const page = fs.readFileSync(path.join(shipped, 'index.html'), 'utf8');
      const code = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(code).toContain("localStorage.getItem('apiKey')");
      const res = await fetch(`${t.base}/`, { headers: { accept: 'text/html' } });
      await res.text(); // an unread body holds the connection, and the server's close waits for it
      const csp = res.headers.get('content-security-policy')!;
      const scriptSrc = csp.split(';').find((part) => part.startsWith('script-src'));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    } finally {
      await t.close();
    }
  });

  it('has CORS off by default', async () => {
    const res = await fetch(`${s.base}/api/files/`, {
      method: 'OPTIONS',
      headers: { origin: 'https://cms.example', 'access-control-request-method': 'PUT' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lists every API route in the OpenAPI document', async () => {
    const res = await s.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const paths = res.body.paths;
    const expected: [string, string][] = [
      ['/api/auth/login', 'post'],
      ['/api/auth/logout', 'post'],
      ['/api/config', 'get'],
      ['/api/files', 'get'],
      ['/api/files/{id}', 'get'],
      ['/api/files/{id}', 'put'],
      ['/api/files/{id}', 'delete'],
      ['/api/files/sub', 'post'],
      ['/api/subs', 'get'],
      ['/api/subs/{sub_id}', 'put'],
      ['/api/subs/{sub_id}', 'delete'],
      ['/api/subs/{sub_id}/content', 'get'],
      ['/api/openapi.json', 'get'],
      ['/player/{slug}', 'get'],
      ['/player/{slug}/subtitles/{track}', 'get'],
      ['/api/files', 'post'],
    ];
    for (const [p, method] of expected) {
      const op = paths[p]?.[method] ?? paths[`${p}/`]?.[method];
      expect(op, `${method.toUpperCase()} ${p}`).toBeDefined();
      expect(Object.keys(op.responses)).toContain('200');
    }
  });
});

describe('CORS allowlist', () => {
  it('allows only the listed origins, with the API methods and headers', async () => {
    const s = await startServer({ corsOrigins: ['https://cms.example'] });
    const preflight = (origin: string) =>
      fetch(`${s.base}/api/files/1`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-apikey, content-type' },
      });
    const ok = await preflight('https://cms.example');
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://cms.example');
    expect(ok.headers.get('access-control-allow-methods')?.replaceAll(' ', '')).toBe('GET,POST,PUT,DELETE');
    expect(ok.headers.get('access-control-allow-headers')?.replaceAll(' ', '')).toBe(
      'x-apikey,authorization,content-type,if-match,x-vp-source,idempotency-key',
    );
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await s.close();
  });
});
