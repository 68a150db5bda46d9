import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { readEnv } from '../src/config';
import { SRT, startServer, type TestServer } from './helpers';
import { multipartBody, rawRequest } from './raw-http';

describe('slow and parallel uploads', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  const tempFiles = () => s.tempFiles().length;
  const slowUpload = (everyMs: number) => {
    const { body, contentType } = multipartBody([
      { name: 'subtitle_file', filename: 'slow.srt', content: SRT.repeat(40) },
      { name: 'file_id', content: String(fileId) },
      { name: 'sub_lang', content: 'en' },
    ]);
    return rawRequest(s.base, {
      method: 'POST',
      path: '/api/files/sub',
      headers: { 'x-apikey': key, 'content-type': contentType },
      body,
      trickle: { bytes: 64, everyMs },
    });
  };

  beforeAll(async () => {
    s = await startServer({ requestTimeoutSeconds: 1, maxUploadsPerAccount: 2 });
    await s.addAccount('slow', 'slow-password', 2);
    // Set up through inject, with no socket: a 1 s timeout also cuts a connection silent for 1 s, and a
    // sign-in (a password hash) can take that long on a busy machine.
    const login = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'slow', password: 'slow-password' } });
    key = login.json().data.apiKey;
    fileId = (await s.app.inject({ method: 'GET', url: '/api/files/', headers: { 'x-apikey': key } })).json().data.files[0].file_id;
  });
  afterAll(() => s.close());

  it('an upload trickling in slower than the request timeout is cut with 408, its temp file removed at once', async () => {
    const started = performance.now();
    const pending = slowUpload(100); // 64 bytes every 100 ms: about 6 s for the whole body
    await expect.poll(tempFiles, { timeout: 2000, interval: 10 }).toBe(1); // the file part has begun
    const res = await pending;
    const elapsed = performance.now() - started;
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({ status: 'error', message: 'The request took too long to arrive' });
    // Written on the raw socket, yet with the headers of every reply.
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(2500);
    await expect.poll(tempFiles, { timeout: 500, interval: 10 }).toBe(0);
    console.log(`slow upload cut after ${Math.round(elapsed)} ms (timeout 1 s); temp files left: ${tempFiles()}`);
  });

  it('an account with its uploads in flight gets 429 for one more; a slot frees when one ends', async () => {
    const first = slowUpload(100);
    const second = slowUpload(100);
    await expect.poll(tempFiles, { timeout: 2000, interval: 10 }).toBe(2);
    const { body, contentType } = multipartBody([
      { name: 'file_id', content: String(fileId) },
      { name: 'sub_lang', content: 'en' },
      { name: 'subtitle_file', filename: 'c.srt', content: SRT },
    ]);
    const third = await fetch(`${s.base}/api/files/sub`, {
      method: 'POST',
      headers: { 'x-apikey': key, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({ status: 'error', message: 'Too many uploads at once. Wait for the others to finish.' });
    expect((await Promise.all([first, second])).map((r) => r.status)).toEqual([408, 408]);
    // The slots are given back as the cut requests finish on the server, a moment after the 408s.
    const again = () =>
      fetch(`${s.base}/api/files/sub`, {
        method: 'POST',
        headers: { 'x-apikey': key, 'content-type': contentType },
        body: new Uint8Array(body),
      }).then((r) => r.status);
    await expect.poll(again, { timeout: 2000, interval: 20 }).toBe(200);
  });
});

describe('keep-alive', () => {
  it('announces a keep-alive time shorter than the idle cut, so a client never reuses a connection the server is closing', async () => {
    for (const seconds of [60, 10]) {
      const s = await startServer({ requestTimeoutSeconds: seconds });
      try {
        const reply = await fetch(`${s.base}/api/config`);
        await reply.text();
        const announced = Number(/timeout=(\d+)/.exec(reply.headers.get('keep-alive') ?? '')?.[1]);
        expect(announced, `announced with a ${seconds} s idle cut`).toBeGreaterThan(0);
        expect(announced).toBeLessThan(seconds);
      } finally {
        await s.close();
      }
    }
  });
});

describe('VP_TRUST_PROXY decides whose X-Forwarded-For is believed', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  async function clientIp(trustProxy: number | string[] | undefined, forwardedFor: string): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-trust-'));
    dirs.push(dataDir);
    const app = await buildApp({ dataDir, demo: false, trustProxy, list: { readWorkers: 1 } });
    app.get('/whoami', async (request) => ({ ip: request.ip }));
    const res = await app.inject({ url: '/whoami', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
    await app.close();
    return res.json().ip;
  }

  it('nobody by default; a listed proxy; the nearest N hops', async () => {
    expect(await clientIp(undefined, '203.0.113.9')).toBe('127.0.0.1');
    expect(await clientIp(['10.0.0.1'], '203.0.113.9')).toBe('127.0.0.1');
    expect(await clientIp(['127.0.0.1'], '203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp(['loopback'], '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp(1, '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientIp(2, '198.51.100.7, 203.0.113.9')).toBe('198.51.100.7');
  }, 60_000);

  it('is read from the environment: a hop count or a list', () => {
    expect(readEnv({}).options.trustProxy).toBeUndefined();
    expect(readEnv({ VP_TRUST_PROXY: '2' }).options.trustProxy).toBe(2);
    expect(readEnv({ VP_TRUST_PROXY: '10.0.0.0/8, loopback' }).options.trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => readEnv({ VP_TRUST_PROXY: 'true' })).toThrow(/VP_TRUST_PROXY/);
    expect(readEnv({ VP_REQUEST_TIMEOUT_SECONDS: '5' }).options.requestTimeoutSeconds).toBe(5);
    expect(() => readEnv({ VP_REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/VP_REQUEST_TIMEOUT_SECONDS/);
  });
});

describe("the pipeline worker's media limits", () => {
  it('are read from the environment, with safe defaults', () => {
    expect(readEnv({}).options.worker).toMatchObject({
      limits: { maxSeconds: 14_400, maxPixels: 4096 * 2160, maxSide: 4096, maxFrames: 864_000, maxJobSeconds: 21_600 },
    });
    const set = readEnv({
      VP_MAX_VIDEO_SECONDS: '60',
      VP_MAX_VIDEO_PIXELS: '921600',
      VP_MAX_VIDEO_SIDE: '1280',
      VP_MAX_VIDEO_FRAMES: '1500',
      VP_MAX_JOB_SECONDS: '90',
    });
    expect(set.options.worker).toMatchObject({
      limits: { maxSeconds: 60, maxPixels: 921_600, maxSide: 1280, maxFrames: 1500, maxJobSeconds: 90 },
    });
    for (const name of ['VP_MAX_VIDEO_SECONDS', 'VP_MAX_VIDEO_PIXELS', 'VP_MAX_VIDEO_SIDE', 'VP_MAX_VIDEO_FRAMES', 'VP_MAX_JOB_SECONDS']) {
      expect(() => readEnv({ [name]: '0' })).toThrow(new RegExp(name));
    }
  });
});
