import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEnvelope, startServer, type TestServer } from './helpers';

const ENDED = 'Your session has ended. Please sign in again.';

describe('sign-in, sessions and sign-out', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ sessionIdleSeconds: 600, sessionMaxSeconds: 3600 });
    await s.addAccount('alice', 'alice-password', 3);
  });
  afterAll(() => s.close());

  it('signs in and returns a fresh 256-bit key per sign-in', async () => {
    const res = await s.request('POST', '/api/auth/login', { json: { username: 'alice', password: 'alice-password' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Signed in' });
    expect(res.body.data.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await s.login('alice', 'alice-password');
    expect(again).not.toBe(res.body.data.apiKey);
  });

  it('stores only a hash of the key', async () => {
    const key = await s.login('alice', 'alice-password');
    const rows = await s.app.db.all<{ key_hash: Buffer }>('SELECT key_hash FROM sessions');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key_hash.toString('base64url')).not.toBe(key);
    expect((await s.databaseText()).includes(key)).toBe(false);
  });

  it('gives the same 401 for a wrong password and an unknown user', async () => {
    const wrong = await s.request('POST', '/api/auth/login', { json: { username: 'alice', password: 'nope-nope' } });
    const unknown = await s.request('POST', '/api/auth/login', { json: { username: 'nobody', password: 'nope-nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', message: 'Invalid username or password' });
    }
  });

  it('rejects a malformed login body with a readable 400', async () => {
    const res = await s.request('POST', '/api/auth/login', { json: { username: 'alice' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'password is required' });
    const bad = await s.request('POST', '/api/auth/login', { body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(isEnvelope(bad.body)).toBe(true);
  });

  it('accepts the key from x-apikey and from Authorization: Bearer', async () => {
    const key = await s.login('alice', 'alice-password');
    expect((await s.request('GET', '/api/config', { key })).status).toBe(200);
    expect((await s.request('GET', '/api/config', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('answers 401 with the session message for a missing or invalid key', async () => {
    for (const headers of [{}, { 'x-apikey': 'made-up' }, { authorization: 'Bearer made-up' }] as Record<string, string>[]) {
      const res = await s.request('GET', '/api/files/', { headers });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ status: 'error', message: ENDED });
    }
  });

  it('logout revokes the key', async () => {
    const key = await s.login('alice', 'alice-password');
    const out = await s.request('POST', '/api/auth/logout', { key });
    expect(out.status).toBe(200);
    expect(out.body.status).toBe('success');
    expect((await s.request('GET', '/api/files/', { key })).body).toEqual({ status: 'error', message: ENDED });
    expect((await s.request('POST', '/api/auth/logout', { key })).status).toBe(401);
  });

  it('ends a session after the idle timeout', async () => {
    const key = await s.login('alice', 'alice-password');
    s.advance(590_000);
    expect((await s.request('GET', '/api/files/', { key })).status).toBe(200); // activity resets the idle clock
    s.advance(590_000);
    expect((await s.request('GET', '/api/files/', { key })).status).toBe(200);
    s.advance(601_000);
    const res = await s.request('GET', '/api/files/', { key });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(ENDED);
  });

  it('ends a session at its absolute lifetime even when active', async () => {
    const key = await s.login('alice', 'alice-password');
    for (let i = 0; i < 6; i++) {
      s.advance(500_000);
      expect((await s.request('GET', '/api/files/', { key })).status).toBe(200);
    }
    s.advance(601_000); // 3,601 s after sign-in
    expect((await s.request('GET', '/api/files/', { key })).status).toBe(401);
  });
});
