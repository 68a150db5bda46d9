import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/engine';
import { JobsRepository } from '../src/db/jobs-repository';
import { PgDb } from '../src/db/postgres/connection';
import { PROCESS_FILE } from '../src/db/job-kinds';
import { createWorker } from '../src/pipeline/create-worker';
import { postBulk } from './bulk-support';
import { createTestDatabase, dropTestDatabase, ENGINE, startServer, type TestServer } from './helpers';
import { COMPLETED_PATH, recordStatuses, statusesOf, tinyClip, videoForm, waitForStatus } from './pipeline-support';

/** Claims and finishes every due job of `kind`, one at a time (one worker); returns their payloads' `name`s in order. */
async function drain(queue: JobsRepository, kind: string): Promise<string[]> {
  const order: string[] = [];
  for (let job = await queue.claim('one-worker', [kind], 60_000); job; job = await queue.claim('one-worker', [kind], 60_000)) {
    order.push((job.payload as { name: string }).name);
    await queue.finish(job);
  }
  return order;
}

/** Queues `count` jobs of one account in one transaction, named `<prefix><i>`. */
async function queueMany(
  s: TestServer,
  queue: JobsRepository,
  kind: string,
  accountId: number,
  prefix: string,
  count: number,
): Promise<void> {
  await s.app.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) await queue.enqueue(tx, kind, { name: `${prefix}${i}` }, { accountId });
  });
}

describe('the jobs queue', () => {
  let s: TestServer;
  let databaseUrl: string | undefined;
  let key: string;

  beforeAll(async () => {
    databaseUrl = ENGINE === 'postgres' ? await createTestDatabase() : undefined;
    // No bulk worker: the bulk job of the fairness test stays queued to be looked at.
    s = await startServer({ databaseUrl, ingestAllowHosts: ['localhost:9'], bulkWorker: false });
    await recordStatuses(s.app.db);
    await s.addAccount('queue', 'queue-password', 0);
    key = await s.login('queue', 'queue-password');
  });
  // The test server drops only a database it made itself: this one is the test's.
  afterAll(async () => {
    await s.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  });

  it('two workers (two connections pools: two machines on PostgreSQL) never take one job', async () => {
    const other: Db = databaseUrl ? new PgDb(databaseUrl) : s.app.db;
    try {
      const queues = [new JobsRepository(s.app.db), new JobsRepository(other)];
      await s.app.db.transaction(async (tx) => {
        for (let i = 0; i < 60; i++) await queues[0]!.enqueue(tx, 'test-job', { i }, { accountId: 1 + (i % 3) });
      });
      const taken: number[][] = [[], []];
      await Promise.all(
        queues.map(async (queue, w) => {
          for (;;) {
            const job = await queue.claim(`worker-${w}`, ['test-job'], 60_000);
            if (!job) return;
            taken[w]!.push((job.payload as { i: number }).i);
            await new Promise((r) => setTimeout(r, 1)); // the job's work
            await queue.finish(job);
          }
        }),
      );
      expect(taken[0]!.length + taken[1]!.length).toBe(60);
      expect(new Set([...taken[0]!, ...taken[1]!]).size).toBe(60);
      if (databaseUrl) expect(Math.min(taken[0]!.length, taken[1]!.length)).toBeGreaterThan(0); // both worked in parallel
      expect(await queues[0]!.count('test-job')).toBe(0);
    } finally {
      if (other !== s.app.db) await other.close();
    }
  });

  it("one account's backlog holds another account's job for at most one more of its jobs", async () => {
    const queue = new JobsRepository(s.app.db);
    await queueMany(s, queue, 'fair-1', 1, 'a', 200);
    // The worker is busy with the backlog's first job when the other account's one job comes.
    const running = (await queue.claim('one-worker', ['fair-1'], 60_000))!;
    expect(running.payload).toEqual({ name: 'a0' });
    await queue.enqueue(s.app.db, 'fair-1', { name: 'b0' }, { accountId: 2 });
    await queue.finish(running);
    const order = await drain(queue, 'fair-1');
    expect(order.slice(0, 3)).toEqual(['a1', 'b0', 'a2']);
    expect(order).toHaveLength(200);
  });

  it('two backlogs take turns, one job each, whatever their sizes', async () => {
    const queue = new JobsRepository(s.app.db);
    await queueMany(s, queue, 'fair-2', 1, 'a', 30);
    await queueMany(s, queue, 'fair-2', 2, 'b', 5);
    await queueMany(s, queue, 'fair-2', 3, 'c', 3);
    const order = await drain(queue, 'fair-2');
    expect(order.slice(0, 12)).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a3', 'b3', 'a4']);
    expect(order.slice(12)).toEqual(['b4', ...Array.from({ length: 25 }, (_, i) => `a${i + 5}`)]);
    // An account that comes back after the others have been served joins the round being served.
    await queueMany(s, queue, 'fair-2', 1, 'x', 10);
    await queue.enqueue(s.app.db, 'fair-2', { name: 'y0' }, { accountId: 2 });
    expect((await drain(queue, 'fair-2')).slice(0, 3)).toEqual(['x0', 'y0', 'x1']);
  });

  it('a retried job keeps its early turn but does not pull later accounts ahead of the round being served', async () => {
    const queue = new JobsRepository(s.app.db);
    await queue.enqueue(s.app.db, 'fair-3', { name: 'c0' }, { accountId: 3 });
    await queueMany(s, queue, 'fair-3', 1, 'a', 10);
    const failing = (await queue.claim('one-worker', ['fair-3'], 60_000))!;
    expect(failing.payload).toEqual({ name: 'c0' });
    await queue.retryLater(failing, 'down', 60_000); // waits out its backoff, at turn 0
    for (const name of ['a0', 'a1', 'a2', 'a3']) {
      const job = (await queue.claim('one-worker', ['fair-3'], 60_000))!;
      expect(job.payload).toEqual({ name });
      await queue.finish(job);
    }
    await s.app.db.run("UPDATE jobs SET run_at = 0 WHERE kind = 'fair-3' AND attempts > 0"); // its backoff ends
    await queueMany(s, queue, 'fair-3', 4, 'd', 5);
    expect((await drain(queue, 'fair-3')).slice(0, 6)).toEqual(['c0', 'a4', 'd0', 'a5', 'd1', 'a6']);
  });

  it('videos and bulk jobs are queued as the account they work for', async () => {
    await s.addAccount('busy', 'busy-password', 0);
    const quietId = await s.addAccount('quiet', 'quiet-password', 0);
    const busy = await s.login('busy', 'busy-password');
    const quiet = await s.login('quiet', 'quiet-password');
    const fileOf = async (apiKey: string, title: string) => {
      const res = await s.request('POST', '/api/files', {
        key: apiKey,
        json: { source_url: 'http://localhost:9/v.mp4', file_title: title },
      });
      expect(res.status).toBe(200);
      return res.body.data.file.file_id as number;
    };
    const backlog = [];
    for (let i = 0; i < 6; i++) backlog.push(await fileOf(busy, `Busy ${i}`));
    const quietFile = await fileOf(quiet, 'Quiet');
    const claimed: number[] = [];
    for (let job = await s.app.jobs.claim('one-worker', [PROCESS_FILE], 60_000); job;) {
      claimed.push((job.payload as { file_id: number }).file_id);
      await s.app.jobs.finish(job);
      job = await s.app.jobs.claim('one-worker', [PROCESS_FILE], 60_000);
    }
    expect(claimed).toEqual([backlog[0], quietFile, ...backlog.slice(1)]);

    const bulk = await postBulk(s, quiet, { action: 'deactivate', ids: [quietFile] });
    expect(bulk.status).toBe(202);
    expect(await s.app.db.all("SELECT account_id FROM jobs WHERE kind = 'bulk-files'")).toEqual([{ account_id: quietId }]);
  });

  it("a killed worker's job completes on another worker when its lease ends", async () => {
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Survivor', content: await tinyClip() }) });
    const fileId = res.body.data.file.file_id;
    // A worker claims the job, reports Received, and dies: nothing renews its 1 s lease.
    const dead = await new JobsRepository(s.app.db).claim('dead-worker', [PROCESS_FILE], 1000);
    expect(dead?.payload).toMatchObject({ file_id: fileId });
    await s.app.fileStatus.set(fileId, 1, { file_server: 'dead-worker' });

    const started = Date.now();
    const second = createWorker(
      {
        db: s.app.db,
        jobs: s.app.jobs,
        workers: s.app.pipelineWorkers,
        media: s.app.media,
        fileStatus: s.app.fileStatus,
        urlPolicy: { allowHosts: [], maxBytes: 1e9, timeoutMs: 60_000 },
        videoStorage: s.app.videoStorage,
        videoQuotaBytes: s.app.settings.accountVideoQuotaBytes,
        files: s.app.files,
        onError: (err) => console.error(err),
      },
      { name: 'second-worker', pollMs: 50 },
    );
    second.start();
    try {
      const done = await waitForStatus(s, key, fileId, [4, 7, 10]);
      expect(done).toMatchObject({ file_status: 10, file_server: 'second-worker' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(800); // not before the lease ended
      expect(await statusesOf(s.app.db, fileId)).toEqual(COMPLETED_PATH); // Received by the dead worker, then the rest
    } finally {
      await second.stop();
    }
  });
});
