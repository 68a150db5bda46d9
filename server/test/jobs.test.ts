import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/engine';
import { PgDb } from '../src/db/postgres/connection';
import { JobQueue } from '../src/pipeline/job-queue';
import { PROCESS_FILE } from '../src/pipeline/process-file';
import { createWorker } from '../src/plugins/pipeline';
import { createTestDatabase, ENGINE, startServer, type TestServer } from './helpers';
import { COMPLETED_PATH, recordStatuses, statusesOf, tinyClip, videoForm, waitForStatus } from './pipeline-support';

describe('the jobs queue', () => {
  let s: TestServer;
  let databaseUrl: string | undefined;
  let key: string;

  beforeAll(async () => {
    databaseUrl = ENGINE === 'postgres' ? await createTestDatabase() : undefined;
    s = await startServer({ databaseUrl });
    await recordStatuses(s.app.db);
    await s.addAccount('queue', 'queue-password', 0);
    key = await s.login('queue', 'queue-password');
  });
  afterAll(() => s.close());

  it('two workers (two connections pools: two machines on PostgreSQL) never take one job', async () => {
    const other: Db = databaseUrl ? new PgDb(databaseUrl) : s.app.db;
    try {
      const queues = [new JobQueue(s.app.db), new JobQueue(other)];
      await s.app.db.transaction(async (tx) => {
        for (let i = 0; i < 60; i++) await queues[0]!.enqueue(tx, 'test-job', { i });
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

  it("a killed worker's job completes on another worker when its lease ends", async () => {
    const res = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Survivor', content: await tinyClip() }) });
    const fileId = res.body.data.file.file_id;
    // A worker claims the job, reports Received, and dies: nothing renews its 1 s lease.
    const dead = await new JobQueue(s.app.db).claim('dead-worker', [PROCESS_FILE], 1000);
    expect(dead?.payload).toMatchObject({ file_id: fileId });
    await s.app.fileStatus.set(fileId, 1, { file_server: 'dead-worker' });

    const started = Date.now();
    const second = createWorker(
      {
        jobs: s.app.jobs,
        media: s.app.media,
        fileStatus: s.app.fileStatus,
        urlPolicy: { allowHosts: [], maxBytes: 1e9 },
        videoStorage: s.app.videoStorage,
        videoQuotaBytes: s.app.settings.accountVideoQuotaBytes,
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
