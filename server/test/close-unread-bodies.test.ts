import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/** A body that sends one chunk and then nothing, without ending (a client still uploading). */
const endlessBody = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(64 * 1024).fill(1));
    },
  });

describe('a reply sent before its request body has all arrived', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close()); // fails when a connection held the stop (helpers: SLOW_STOP_SECONDS)

  it('keeps the connection of a request whose body was read', async () => {
    const res = await fetch(`${s.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'nothing at all' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('connection')).not.toBe('close');
    await res.text();
  });

  it('closes its connection: the rest of the body is not waited for, and the server stops at once', async () => {
    const upload = new AbortController();
    const res = await fetch(`${s.base}/api/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' }, // no key: refused before the body is read
      body: endlessBody(),
      duplex: 'half',
      signal: upload.signal,
    } as RequestInit);
    expect(res.status).toBe(401);
    expect(res.headers.get('connection')).toBe('close');
    await res.text();
    // The client is left as a stalled uploader would leave it; only the server's side ends it.
    const started = Date.now();
    await s.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    upload.abort();
  });
});
