import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEnvelope, SRT, startServer, type TestServer } from './helpers';
import { multipartBody, rawRequest, type RawRequest } from './raw-http';

describe('malformed requests get a 4xx envelope, never a 500', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  const tempFiles = () => s.tempFiles().length;
  const storedFiles = async () => (await s.storedKeys()).length;
  const send = async (request: RawRequest) => {
    const reply = await rawRequest(s.base, request);
    return { ...reply, json: reply.body ? JSON.parse(reply.body) : undefined };
  };
  const upload = (body: Buffer, contentType: string, extra: Partial<RawRequest> = {}) =>
    send({ method: 'POST', path: '/api/files/sub', headers: { 'x-apikey': key, 'content-type': contentType }, body, ...extra });
  const form = (closed = true) =>
    multipartBody(
      [
        { name: 'file_id', content: String(fileId) },
        { name: 'sub_lang', content: 'en' },
        { name: 'subtitle_file', filename: 'a.srt', content: SRT },
      ],
      'BOUNDARY42',
      closed,
    );

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('malformed', 'malformed-password', 3);
    key = await s.login('malformed', 'malformed-password');
    fileId = (await s.request('GET', '/api/files/', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  it('a well-formed raw upload is stored (the baseline of the cases below)', async () => {
    const { body, contentType } = form();
    const res = await upload(body, contentType);
    expect(res.status).toBe(200);
    expect(res.json.data.sub.sub_size).toBe(Buffer.byteLength(SRT));
  });

  it('multipart without a boundary: 400', async () => {
    const res = await upload(form().body, 'multipart/form-data');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      status: 'error',
      message: 'The multipart body has no boundary (Content-Type: multipart/form-data; boundary=…)',
    });
  });

  it('a body that ends before the closing boundary: 400, nothing stored, no temp file', async () => {
    const before = await storedFiles();
    const { body, contentType } = form(false);
    const res = await upload(body.subarray(0, body.length - 10), contentType);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', message: 'The upload was cut off before it ended' });
    expect(await storedFiles()).toBe(before);
    expect(tempFiles()).toBe(0);
  });

  it('a client that drops the connection mid-file: no 5xx, the temp file removed at once', async () => {
    const before = await storedFiles();
    const { body, contentType } = form();
    const res = await upload(body, contentType, { cutAt: body.length - 40 });
    expect(res.status === 0 || (res.status >= 400 && res.status < 500)).toBe(true);
    await expect.poll(tempFiles, { timeout: 2000, interval: 20 }).toBe(0);
    expect(await storedFiles()).toBe(before);
  });

  it('too many fields or two files: 400 with a clear message', async () => {
    const fields = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, content: 'x' }));
    const many = multipartBody(fields);
    expect((await upload(many.body, many.contentType)).json).toEqual({ status: 'error', message: 'Too many form fields' });
    const two = multipartBody([
      { name: 'subtitle_file', filename: 'a.srt', content: SRT },
      { name: 'subtitle_file', filename: 'b.srt', content: SRT },
    ]);
    const res = await upload(two.body, two.contentType);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Only one subtitle file can be uploaded at a time');
    expect(tempFiles()).toBe(0);
  });

  it('an encoded body (Content-Encoding: gzip) is 415 on every route', async () => {
    const { body, contentType } = form();
    const up = await upload(body, contentType, { headers: { 'x-apikey': key, 'content-type': contentType, 'content-encoding': 'gzip' } });
    expect(up.status).toBe(415);
    expect(up.json).toEqual({
      status: 'error',
      message: 'Compressed request bodies are not supported: send the body without Content-Encoding',
    });
    const login = await send({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'br' },
      body: '{"username":"a","password":"b"}',
    });
    expect(login.status).toBe(415);
    const identity = await send({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'identity' },
      body: '{"username":"a"}',
    });
    expect(identity.status).toBe(400);
  });

  it('broken JSON: 400 envelope', async () => {
    const res = await send({
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
    expect(isEnvelope(res.json)).toBe(true);
  });

  it.each([
    ['PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SRT)])],
    ['ELF', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.from(SRT)])],
    ['PDF', Buffer.from(`%PDF-1.7\n${SRT}`)],
    ['gzip', Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x41, 0x42, 0x43])],
    ['Windows executable', Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), Buffer.from(SRT)])],
  ])('a %s renamed .srt is refused as not a subtitle file', async (_name, content) => {
    const before = await storedFiles();
    const { body, contentType } = multipartBody([
      { name: 'file_id', content: String(fileId) },
      { name: 'sub_lang', content: 'en' },
      { name: 'subtitle_file', filename: 'movie.srt', content },
    ]);
    const res = await upload(body, contentType);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ status: 'error', message: 'This file is not a subtitle file' });
    expect(await storedFiles()).toBe(before);
  });

  it('early error replies (the framework 400, the raw-socket 400 and 431) carry the security headers of every reply', async () => {
    const normal = await s.request('GET', '/api/files/', { key });
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];
    const expected = Object.fromEntries(names.map((name) => [name, normal.headers.get(name)]));
    expect(expected['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    const early = [
      [400, await send({ method: 'GET', path: '/api/files/%ZZ', headers: { 'x-apikey': key } })], // undecodable: before routing
      [400, await send({ method: 'GET', path: '/api/files/?search=krakó' })], // refused by Node's HTTP parser
      [431, await send({ method: 'GET', path: '/api/files/', headers: { 'x-filler': 'x'.repeat(20_000) } })],
    ] as const;
    for (const [status, reply] of early) {
      expect(reply.status).toBe(status);
      expect(isEnvelope(reply.json)).toBe(true);
      expect(Object.fromEntries(names.map((name) => [name, reply.headers[name] ?? null])), `${status}`).toEqual(expected);
      expect(reply.headers['cache-control']).toBe('no-store');
    }
  });

  it('API replies carry Cache-Control: no-store, successes and errors alike', async () => {
    for (const [method, url, k] of [
      ['GET', '/api/files/', key],
      ['GET', '/api/config', key],
      ['GET', '/api/files/', undefined],
      ['GET', '/api/nope', key],
    ] as const) {
      const res = await s.request(method, url, { key: k });
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
    const login = await s.request('POST', '/api/auth/login', { json: { username: 'malformed', password: 'wrong-password' } });
    expect(login.headers.get('cache-control')).toBe('no-store');
    const image = await s.request('GET', '/images/thumbs/1.svg');
    expect(image.headers.get('cache-control')).not.toBe('no-store');
  });
});
