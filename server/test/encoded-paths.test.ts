import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey, newApiKey } from '../src/lib/tokens';
import { startServer, type Reply, type TestServer } from './helpers';

/**
 * Every route of the OpenAPI document (so also the routes added after this test was written), spelled
 * with percent-encoded characters: the router decodes the path, so the reply must be the one of the
 * plain spelling, with the same headers, and API requests must count against the same rate limit.
 */
const LIMIT = 3;
const SEED = 29_2026;
const HEADERS = ['cache-control', 'content-security-policy', 'x-content-type-options', 'x-frame-options'] as const;
const PARAMS: Record<string, string> = { id: '987654', sub_id: '987654', slug: 'no-such-slug', track: '987654.vtt', '*': 'nothing.svg' };

interface Route {
  method: string;
  path: string;
}

/** Percent-encodes the characters of `path` the mask picks (never "/", which would change the path). */
function encode(path: string, mask: boolean[]): string {
  return [...path].map((c, i) => (c !== '/' && mask[i % mask.length] ? `%${c.charCodeAt(0).toString(16).padStart(2, '0')}` : c)).join('');
}

/** Spellings of a path with at least one encoded character, chosen by a seeded generator. */
function spellings(path: string, count: number, seed: number): string[] {
  const masks = fc.sample(fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }), { seed, numRuns: count * 4 });
  const encoded = masks.map((mask) => encode(path, mask)).filter((p) => p !== path);
  const first = encode(path, [true]); // everything but the slashes, "api" included
  return [first, ...encoded].slice(0, count);
}

const summary = (r: Reply): Record<string, unknown> => ({
  status: r.status,
  message: typeof r.body === 'object' ? r.body.message : r.text.slice(0, 80),
  ...Object.fromEntries(HEADERS.map((h) => [h, r.headers.get(h)])),
});

describe('percent-encoded paths: the same route, the same headers, the same rate limit', () => {
  let s: TestServer;
  let routes: Route[];
  let accountId: number;

  beforeAll(async () => {
    s = await startServer({ rateLimitPerMinute: LIMIT, trustProxy: ['loopback'] });
    accountId = await s.addAccount('encoder', 'encoder-password-29', 3);
    const document = (await s.request('GET', '/api/openapi.json', { headers: { 'x-forwarded-for': '10.9.9.9' } })).body;
    routes = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{([^}]+)\}/g, (_, p: string) => PARAMS[p] ?? '1'),
      })),
    );
  });
  afterAll(() => s.close());

  /** A session of its own for one request: its rate-limit bucket is new. */
  async function freshKey(): Promise<string> {
    const key = newApiKey();
    await s.app.accounts.createSession(accountId, hashApiKey(key), s.now.value);
    return key;
  }

  /** Like s.request, but a reply without a body (HEAD, 204) is fine whatever its Content-Type. */
  async function send(route: Route, path: string, headers: Record<string, string>): Promise<Reply> {
    const res = await fetch(s.base + path, { method: route.method, headers: { accept: 'application/json', ...headers } });
    if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      await res.body?.cancel(); // an event stream never ends: its status and headers are the reply
      return { status: res.status, headers: res.headers, body: '', text: '' };
    }
    const text = await res.text();
    const json = text && (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, headers: res.headers, body: json ? JSON.parse(text) : text, text };
  }

  it('lists every API route, and each answers encoded as it does plain', async () => {
    expect(routes.filter((r) => r.path.startsWith('/api/')).length).toBeGreaterThanOrEqual(11);
    for (const [i, route] of routes.entries()) {
      const plain = summary(await send(route, route.path, { 'x-apikey': await freshKey() }));
      if (route.path.startsWith('/api/')) expect(plain['cache-control'], `${route.method} ${route.path}`).toBe('no-store');
      expect(plain['x-content-type-options']).toBe('nosniff');
      for (const path of spellings(route.path, 4, SEED + i)) {
        const encoded = summary(await send(route, path, { 'x-apikey': await freshKey() }));
        expect(encoded, `${route.method} ${path}`).toEqual(plain);
      }
    }
  });

  it('API requests count against the limit whatever their spelling; the others are never limited', async () => {
    for (const [i, route] of routes.entries()) {
      const address = { 'x-forwarded-for': `10.29.${Math.floor(i / 200)}.${(i % 200) + 1}` };
      const paths = spellings(route.path, LIMIT + 1, SEED - i);
      const replies = [];
      for (const path of paths) replies.push(await send(route, path, address));
      const label = `${route.method} ${paths.join(' ')}`;
      for (const r of replies.slice(0, LIMIT)) expect(r.status, label).not.toBe(429);
      const last = replies[LIMIT]!;
      if (route.path.startsWith('/api/')) {
        expect(last.status, label).toBe(429);
        expect(last.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(last.headers.get('cache-control')).toBe('no-store');
      } else {
        expect(last.status, label).not.toBe(429);
      }
    }
  });
});
