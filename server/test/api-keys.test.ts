import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiKeyScope } from '../../src/contract/api-key';
import { ROUTE_ACCESS, scopeRefusal, type RouteAccess } from '../src/lib/route-access';
import { API_KEY_EXPIRY_PAST, API_KEY_NOT_FOUND, apiKeyNameTaken, tooManyApiKeys } from '../src/routes/keys';
import { API_KEY_ENDED } from '../src/schemas/messages';
import snapshot from './__snapshots__/openapi.json';
import { openEventStream } from './event-stream';
import { startServer, type TestServer } from './helpers';

const SCOPES: ApiKeyScope[] = ['read', 'write', 'upload'];
/** What each scope reaches besides the public routes (decision D55). */
const REACHES: Record<ApiKeyScope, RouteAccess[]> = { read: ['read'], write: ['read', 'write'], upload: ['upload'] };

async function createKey(s: TestServer, session: string, name: string, scope: ApiKeyScope, expires_at?: string) {
  const res = await s.request('POST', '/api/keys', { key: session, json: { name, scope, ...(expires_at ? { expires_at } : {}) } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { key: { id: number; name: string; scope: string; last_used_on: string | null }; apiKey: string };
}

/** A route of the map as a request: every parameter an id no file or track has. */
const requestOf = (route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  return { method, url: url.replace(/:[a-z_]+/g, '987654').replace('*', 'x') };
};

describe('the route access map', () => {
  it('names every route of the OpenAPI document, and no other', () => {
    const documented = Object.entries(snapshot.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{\*\}/g, '*').replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(Object.keys(ROUTE_ACCESS).sort()).toEqual(documented.sort());
  });
});

describe('API keys', () => {
  let s: TestServer;
  let session: string;

  beforeAll(async () => {
    s = await startServer({ maxApiKeys: 10, sessionIdleSeconds: 7 * 86_400 });
    await s.addAccount('keys-owner', 'keys-owner-password', 3);
    session = await s.login('keys-owner', 'keys-owner-password');
  });
  afterAll(() => s.close());

  it('answers the key once, lists it without it, and stores only its hash', async () => {
    const { key, apiKey } = await createKey(s, session, 'Listed key', 'read', '2027-01-01T00:00:00.000Z');
    expect(apiKey).toMatch(/^vpk_[\w-]{43}$/);
    expect(key).toEqual({
      id: key.id,
      name: 'Listed key',
      scope: 'read',
      created_at: new Date(s.now.value).toISOString(),
      last_used_on: null,
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    const listed = await s.request('GET', '/api/keys', { key: session });
    expect(listed.body.data.keys).toContainEqual(key);
    expect(listed.text).not.toContain(apiKey);
    expect(await s.databaseText()).not.toContain(apiKey);
    expect((await s.request('GET', '/api/files', { key: apiKey })).status).toBe(200);
  });

  for (const scope of SCOPES) {
    it(`refuses a ${scope} key every route outside its scope with 403 naming the scope needed`, async () => {
      const { apiKey } = await createKey(s, session, `Sweep ${scope}`, scope);
      for (const [route, access] of Object.entries(ROUTE_ACCESS)) {
        if (access === 'public' || access === 'pipeline') continue;
        const { method, url } = requestOf(route);
        // fetch itself: a HEAD has no body to parse, and an event stream's body never ends (it is cancelled).
        const res = await fetch(s.base + url, { method, headers: { 'x-apikey': apiKey, 'tus-resumable': '1.0.0' } });
        const text = method === 'HEAD' || url.endsWith('/events') ? await res.body?.cancel() : await res.text();
        if (REACHES[scope].includes(access)) {
          expect(res.status, `${route} with a ${scope} key`).not.toBe(401);
          expect(text ?? '', `${route} with a ${scope} key`).not.toContain('This API key may not do this');
        } else {
          expect(res.status, `${route} with a ${scope} key`).toBe(403);
          if (typeof text === 'string') expect(JSON.parse(text), route).toEqual({ status: 'error', message: scopeRefusal(access) });
        }
      }
      await s.request('DELETE', `/api/keys/${(await createKey(s, session, `Spare ${scope}`, scope)).key.id}`, { key: session });
    });
  }

  it('names the scope the request needs', () => {
    expect(scopeRefusal('write')).toBe('This API key may not do this: it needs the "write" scope');
    expect(scopeRefusal('sign-in')).toBe('This API key may not do this: it needs a sign-in');
  });

  it('names the key in the activity log where a person is named for a sign-in', async () => {
    const { apiKey } = await createKey(s, session, 'CMS sync', 'write');
    const [file] = (await s.request('GET', '/api/files?limit=1', { key: session })).body.data.files;
    const edit = await s.request('PUT', `/api/files/${file.file_id}`, { key: apiKey, json: { file_title: 'Edited by the CMS' } });
    expect(edit.status, edit.text).toBe(200);
    await s.request('PUT', `/api/files/${file.file_id}`, { key: session, json: { file_title: 'Edited by hand' } });
    const [byHand, byKey] = (await s.request('GET', `/api/files/${file.file_id}/activity`, { key: session })).body.data.activity;
    expect(byKey).toMatchObject({ actor: 'CMS sync', source: 'key', action: 'update' });
    expect(byHand).toMatchObject({ actor: 'keys-owner', source: 'api', action: 'update' });
  });

  it('writes the last use once a day, not at every request', async () => {
    const { key, apiKey } = await createKey(s, session, 'Daily', 'read');
    const used = vi.spyOn(s.app.apiKeys, 'used');
    try {
      for (let i = 0; i < 3; i++) expect((await s.request('GET', '/api/files?limit=1', { key: apiKey })).status).toBe(200);
      expect(used).toHaveBeenCalledTimes(1);
      const day = new Date(s.now.value).toISOString().slice(0, 10);
      const listed = (await s.request('GET', '/api/keys', { key: session })).body.data.keys;
      expect(listed.find((k: { id: number }) => k.id === key.id).last_used_on).toBe(day);
      s.advance(86_400_000);
      for (let i = 0; i < 2; i++) await s.request('GET', '/api/files?limit=1', { key: apiKey });
      expect(used).toHaveBeenCalledTimes(2);
    } finally {
      used.mockRestore();
    }
  });

  it('refuses an expired key, an expiry in the past, a name taken, and keys past VP_MAX_API_KEYS', async () => {
    const soon = new Date(s.now.value + 60_000).toISOString();
    const { apiKey } = await createKey(s, session, 'Short-lived', 'read', soon);
    expect((await s.request('GET', '/api/files', { key: apiKey })).status).toBe(200);
    s.advance(60_000);
    expect((await s.request('GET', '/api/files', { key: apiKey })).body).toEqual({ status: 'error', message: API_KEY_ENDED });
    const past = await s.request('POST', '/api/keys', { key: session, json: { name: 'Old', scope: 'read', expires_at: soon } });
    expect([past.status, past.body.message]).toEqual([400, API_KEY_EXPIRY_PAST]);
    const taken = await s.request('POST', '/api/keys', { key: session, json: { name: 'CMS sync', scope: 'upload' } });
    expect([taken.status, taken.body.message]).toEqual([409, apiKeyNameTaken('CMS sync')]);
    const held = (await s.request('GET', '/api/keys', { key: session })).body.data.keys.length;
    for (let i = held; i < 10; i++) await createKey(s, session, `Filler ${i}`, 'read');
    const over = await s.request('POST', '/api/keys', { key: session, json: { name: 'One more', scope: 'read' } });
    expect([over.status, over.body.message]).toEqual([409, tooManyApiKeys(10)]);
  });

  it("keeps each account's keys its own", async () => {
    await s.addAccount('keys-other', 'keys-other-password', 1);
    const other = await s.login('keys-other', 'keys-other-password');
    const [mine] = (await s.request('GET', '/api/keys', { key: session })).body.data.keys;
    expect((await s.request('GET', '/api/keys', { key: other })).body.data.keys).toEqual([]);
    const res = await s.request('DELETE', `/api/keys/${mine.id}`, { key: other });
    expect([res.status, res.body.message]).toEqual([404, API_KEY_NOT_FOUND]);
  });
});

describe('API keys on two nodes', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer();
    b = await startServer({}, a.dataDir);
    await a.addAccount('keys-nodes', 'keys-nodes-password', 2);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('refuses a key revoked on node A at the next request on node B, and ends its event stream there', async () => {
    const session = await a.login('keys-nodes', 'keys-nodes-password');
    const { key, apiKey } = await createKey(a, session, 'Revoked', 'read');
    expect((await b.request('GET', '/api/files', { key: apiKey })).status).toBe(200);
    const checked = vi.spyOn(b.app.apiKeys, 'liveHashes');
    const stream = await openEventStream(b.base, { key: apiKey });
    expect(stream.status).toBe(200);
    // The streams' key check (every second) finds the key live: the stream stays open and gets events.
    await vi.waitFor(() => expect(checked).toHaveBeenCalled(), { timeout: 15_000 });
    checked.mockRestore();
    const [file] = (await a.request('GET', '/api/files?limit=1', { key: session })).body.data.files;
    await a.request('PUT', `/api/files/${file.file_id}`, { key: session, json: { file_title: 'Seen on node B' } });
    await stream.waitFor((frame) => frame.event === 'file' && frame.data!.includes('Seen on node B'), 15_000);
    expect((await a.request('DELETE', `/api/keys/${key.id}`, { key: session })).status).toBe(200);
    await stream.ended();
    expect(stream.frames.at(-1)?.event).toBe('session-ended');
    const refused = await b.request('GET', '/api/files', { key: apiKey });
    expect([refused.status, refused.body.message]).toEqual([401, API_KEY_ENDED]);
    expect((await b.request('GET', '/api/keys', { key: session })).body.data.keys).toEqual([]);
  });
});
