import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseRateLimitStore, withNodeLocalBuckets } from '../src/db/rate-limit-store';
import { ENGINE, startServer, type TestServer } from './helpers';

describe('request rate limit per key and per address', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    s = await startServer({ rateLimitPerMinute: 5 });
    await s.addAccount('busy', 'busy-password', 1);
    await s.addAccount('calm', 'calm-password', 1);
    key = await s.login('busy', 'busy-password'); // anonymous: the address's 1st and 2nd requests
    otherKey = await s.login('calm', 'calm-password');
  });
  afterAll(() => s.close());

  it('one key past the limit gets 429 with the envelope and Retry-After; another key is not affected', async () => {
    for (let i = 0; i < 5; i++) expect((await s.request('GET', '/api/files/', { key })).status).toBe(200);
    const limited = await s.request('GET', '/api/files/', { key });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: 'error', message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.request('GET', '/api/files/', { key: otherKey })).status).toBe(200);
  });

  it('requests without a key count for their address; pages and images are not counted', async () => {
    for (let i = 0; i < 3; i++) expect((await s.request('GET', '/api/config')).status).toBe(401);
    expect((await s.request('GET', '/api/config')).status).toBe(429);
    for (let i = 0; i < 8; i++) expect((await s.request('GET', '/images/thumbs/1.svg')).status).toBe(200);
  });
});

// The shared counters are PostgreSQL's (its migrations create their table); one SQLite server counts in memory.
describe.runIf(ENGINE === 'postgres')('the database store shares counters between nodes', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer();
  });
  afterAll(() => s.close());

  it('two stores over one database count the same bucket; the window restarts after it ends', async () => {
    const clock = { now: 1_000_000 };
    const nodeA = new (databaseRateLimitStore(s.app.db, () => clock.now))({});
    const nodeB = new (databaseRateLimitStore(s.app.db, () => clock.now))({});
    const incr = (store: typeof nodeA, bucket: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(bucket, (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 5),
      );
    expect((await incr(nodeA, 'key:a')).current).toBe(1);
    expect((await incr(nodeB, 'key:a')).current).toBe(2);
    clock.now += 10_000;
    expect(await incr(nodeA, 'key:a')).toEqual({ current: 3, ttl: 50_000 });
    expect((await incr(nodeB, 'key:b')).current).toBe(1);
    clock.now += 50_000;
    expect(await incr(nodeB, 'key:a')).toEqual({ current: 1, ttl: 60_000 });
  });
});

describe('buckets a node counts in memory beside the shared store', () => {
  it('counts its buckets per window in memory and hands every other bucket to the shared store', async () => {
    const clock = { now: 1_000_000 };
    const sharedHits: string[] = [];
    const Shared = function () {
      return {
        incr: (bucket: string, callback: (err: Error | null, res: { current: number; ttl: number }) => void) => {
          sharedHits.push(bucket);
          callback(null, { current: 1, ttl: 60_000 });
        },
        child() {
          return this;
        },
      };
    } as unknown as Parameters<typeof withNodeLocalBuckets>[0];
    const store = new (withNodeLocalBuckets(
      Shared,
      (bucket) => bucket.startsWith('beats:'),
      () => clock.now,
    ))({});
    const incr = (bucket: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(bucket, (err, res) => (err ? reject(err) : resolve(res!)), 60_000, 5),
      );
    expect(await incr('beats:address:1.2.3.4')).toEqual({ current: 1, ttl: 60_000 });
    clock.now += 10_000;
    expect(await incr('beats:address:1.2.3.4')).toEqual({ current: 2, ttl: 50_000 });
    expect(await incr('beats:address:5.6.7.8')).toEqual({ current: 1, ttl: 60_000 });
    clock.now += 50_000;
    expect(await incr('beats:address:1.2.3.4')).toEqual({ current: 1, ttl: 60_000 });
    await incr('address:1.2.3.4');
    expect(sharedHits).toEqual(['address:1.2.3.4']);
  });
});
