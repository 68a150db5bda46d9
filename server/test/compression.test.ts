import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/** A GET that keeps the body as sent (fetch would decode it): status, headers, raw bytes. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('compressed delivery and cache headers of static files', () => {
  let s: TestServer;
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-demo-'));
  const kitDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-kit-'));
  const chunk = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `row ${i}`))};\n`;
  const page = `<!doctype html><title>index</title>${'<p>sign in</p>'.repeat(50)}`;

  beforeAll(async () => {
    fs.writeFileSync(path.join(demoDir, 'index.html'), page);
    fs.mkdirSync(path.join(kitDir, 'chunks'));
    fs.writeFileSync(path.join(kitDir, 'vp-admin-kit.js'), chunk);
    fs.writeFileSync(path.join(kitDir, 'chunks/files-screen-AbCdEf12.js'), chunk);
    fs.writeFileSync(path.join(kitDir, 'chunks/unpacked-ZyXw9876.js'), chunk);
    // The build's siblings; their text differs from the plain file so the test sees which one went out.
    for (const name of ['vp-admin-kit.js', 'chunks/files-screen-AbCdEf12.js']) {
      fs.writeFileSync(path.join(kitDir, `${name}.br`), zlib.brotliCompressSync(`/* br of ${name} */${chunk}`));
      fs.writeFileSync(path.join(kitDir, `${name}.gz`), zlib.gzipSync(`/* gz of ${name} */${chunk}`));
    }
    s = await startServer({ demoDir, kitDir });
  });
  afterAll(async () => {
    await s.close();
    fs.rmSync(demoDir, { recursive: true, force: true });
    fs.rmSync(kitDir, { recursive: true, force: true });
  });

  it("sends the build's brotli file of a hashed chunk, cached for a year", async () => {
    const res = await rawGet(`${s.base}/kit/chunks/files-screen-AbCdEf12.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(`/* br of chunks/files-screen-AbCdEf12.js */${chunk}`);
  });

  it('sends the gzip file to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await rawGet(`${s.base}/kit/chunks/files-screen-AbCdEf12.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(`/* gz of chunks/files-screen-AbCdEf12.js */${chunk}`);
    const plain = await rawGet(`${s.base}/kit/chunks/files-screen-AbCdEf12.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(chunk);
  });

  it('keeps the entry module and the pages revalidated on every load, compressed too', async () => {
    const entry = await rawGet(`${s.base}/kit/vp-admin-kit.js`, { 'accept-encoding': 'br' });
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(entry.body).toString()).toBe(`/* br of vp-admin-kit.js */${chunk}`);
    for (const url of ['/', '/files/42']) {
      const html = await rawGet(s.base + url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(html.headers['cache-control']).toBe('no-cache');
      expect(html.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(html.body).toString()).toBe(page);
    }
  });

  it('compresses a static file that has no precompressed sibling on the fly', async () => {
    const res = await rawGet(`${s.base}/kit/chunks/unpacked-ZyXw9876.js`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(chunk);
  });

  it('leaves API replies uncompressed', async () => {
    const res = await rawGet(`${s.base}/api/files/`, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).status).toBe('error');
  });
});
