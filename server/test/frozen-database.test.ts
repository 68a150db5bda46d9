import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_UNAVAILABLE } from '../src/plugins/errors';
import { ENGINE, startServer, type TestServer } from './helpers';
import { privatePostgresMissing, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

/**
 * PostgreSQL frozen (every process of the cluster SIGSTOPped for 10 s, as a stalled disk or VM does):
 * requests get a 503 envelope with Retry-After within 5 s, never hang, and the node serves again by
 * itself once the database answers. The test brings its own cluster (it freezes the whole server), so
 * it runs once, in the default project; without PostgreSQL's binaries it is skipped, except in CI.
 */
const missing = privatePostgresMissing();
if (missing && process.env.CI === 'true') throw new Error(`The frozen-database test needs PostgreSQL 15: ${missing}`);
if (missing && ENGINE === 'sqlite') console.warn(`Skipped: the frozen-database test (${missing})`);

const FREEZE_MS = 10_000;

describe.runIf(ENGINE === 'sqlite' && !missing)('a frozen PostgreSQL server', () => {
  let cluster: PrivatePostgres;
  let s: TestServer;
  let key: string;

  beforeAll(async () => {
    cluster = startPrivatePostgres();
    s = await startServer({ databaseUrl: cluster.url });
    await s.addAccount('frozen', 'frozen-password-29', 20);
    key = await s.login('frozen', 'frozen-password-29');
  }, 60_000);
  afterAll(async () => {
    await s?.close();
    cluster?.destroy();
  });

  const timed = async (method: string, url: string, json?: unknown) => {
    const started = performance.now();
    const reply = await s.request(method, url, { key, json });
    return { reply, ms: performance.now() - started };
  };

  it('answers 503 with Retry-After within 5 s while frozen, and serves again after', { timeout: 90_000 }, async () => {
    const [file] = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files;
    const frozen = cluster.processIds();
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    const thawAt = performance.now() + FREEZE_MS;
    try {
      // Requests on connections already open, then on new ones (the first were dropped), for the whole freeze.
      while (performance.now() < thawAt - 5_000) {
        const replies = await Promise.all([
          timed('GET', '/api/files/?limit=5'),
          timed('GET', `/api/files/${file.file_id}`),
          timed('PUT', `/api/files/${file.file_id}`, { isActive: 0 }),
        ]);
        for (const { reply, ms } of replies) {
          expect(reply.status).toBe(503);
          expect(reply.body).toEqual({ status: 'error', message: SERVICE_UNAVAILABLE });
          expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(ms).toBeLessThanOrEqual(5_000);
        }
      }
    } finally {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, thawAt - performance.now())));
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    // Recovers by itself: new connections replace the dropped ones.
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await s.request('GET', '/api/files/?limit=5', { key })).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
    const edit = await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { file_title: 'Thawed' } });
    expect(edit.status).toBe(200);
    expect(edit.body.data.file_title).toBe('Thawed');
  });
});
