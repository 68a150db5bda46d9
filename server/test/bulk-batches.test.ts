import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_SINCE } from '../src/bulk/apply-file-action';
import { nextBatchSize } from '../src/bulk/bulk-job';
import { DatabaseUnavailableError, inList } from '../src/db/engine';
import { ADDED_FILE_COLUMNS, RESTORED_MARK } from '../src/db/file-events';
import { activityOf, allFiles, finished, listTotal, postBulk, results, type Job, type Listed } from './bulk-support';
import { createTestDatabase, dropTestDatabase, ENGINE, startServer, type TestServer } from './helpers';

/**
 * A file's rows of the event log (what the live stream sends), oldest first. A restore's 'added' event
 * keeps the file's row as it was restored (and the restore's mark), its own to each file: shown as such
 * when it is the file's row now (these tests restore last).
 */
async function eventsOf(s: TestServer, fileId: number): Promise<Array<{ kind: string; changes: unknown }>> {
  const rows = await s.app.db.all<{ kind: string; changes: unknown }>(
    "SELECT kind, changes FROM file_events WHERE file_id = ? AND kind <> 'job' ORDER BY id",
    [fileId],
  );
  const row = await s.app.db.get<object>(`SELECT ${ADDED_FILE_COLUMNS.join(', ')} FROM files WHERE file_id = ?`, [fileId]);
  return rows.map((r) => {
    const changes: unknown = typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes;
    if (r.kind === 'added' && isDeepStrictEqual(changes, { ...row, [RESTORED_MARK]: true }))
      return { kind: r.kind, changes: 'the file as restored' };
    return { kind: r.kind, changes };
  });
}

/** An activity entry as the two files' logs should share it: its own id and the job's id aside. */
const comparable = ({ activity_id: _id, detail, ...entry }: { activity_id: number; detail: Record<string, unknown> }) => {
  const { bulk_job: _job, ...rest } = detail;
  return { ...entry, detail: rest };
};

describe('batch sizes', () => {
  it('follow the time a batch took, a bounded step at a time, within 20 to 2,000 files', () => {
    expect(nextBatchSize(200, 200, 5, 5)).toBe(200);
    expect(nextBatchSize(200, 200, 10, 5)).toBe(150); // twice too slow: a quarter down, not half
    expect(nextBatchSize(200, 200, 1, 5)).toBe(300); // five times too fast: half up
    expect(nextBatchSize(200, 200, 4, 5)).toBe(250);
    expect(nextBatchSize(24, 24, 500, 5)).toBe(20);
    expect(nextBatchSize(1_900, 1_900, 1, 5)).toBe(2_000);
    expect(nextBatchSize(200, 37, 30, 5)).toBe(200); // the job's last, short batch says nothing
  });

  it('pad an IN list to a multiple of 50 with its last id, so few statement texts exist', () => {
    expect(inList([7, 8, 9]).params).toEqual([7, 8, 9, ...Array(47).fill(9)]);
    expect(inList([7, 8, 9]).sql.match(/\?/g)).toHaveLength(50);
    expect(inList(Array.from({ length: 51 }, (_, i) => i)).params).toHaveLength(100);
  });
});

describe('a batch changes its files as the single-file routes do', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startServer({ bulkWorker: { pollMs: 100 } });
    await s.addAccount('twin', 'twin-password', 60);
    key = await s.login('twin', 'twin-password');
  });
  afterAll(() => s.close());

  it('the same versions, events, counters, search words and activity for PUT, DELETE and restore as for a bulk job', async () => {
    const live = [...(await allFiles(s, key)).values()].filter((f) => f.isActive === 1);
    const [byRoute, byJob] = [live[0]!, live[1]!];
    const bulk = async (action: string, trashed = false) => {
      const posted = await postBulk(s, key, { action, ids: [byJob.file_id] });
      const job = await finished(s, key, posted.body.data.job.id);
      expect(job.counts, `${action}${trashed ? ' (trash)' : ''}`).toMatchObject({ done: 1 });
    };
    const panel = { 'x-vp-source': 'panel' };
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['deactivate', () => s.request('PUT', `/api/files/${byRoute.file_id}`, { key, json: { isActive: 0 }, headers: panel })],
      ['activate', () => s.request('PUT', `/api/files/${byRoute.file_id}`, { key, json: { isActive: 1 }, headers: panel })],
      ['delete', () => s.request('DELETE', `/api/files/${byRoute.file_id}`, { key, headers: panel })],
      ['restore', () => s.request('POST', `/api/files/${byRoute.file_id}/restore`, { key, headers: panel })],
    ];
    for (const [action, route] of steps) {
      const totals = async () => [
        await listTotal(s, key, 'isActive=1'),
        await listTotal(s, key, 'isActive=0'),
        await listTotal(s, key, 'trashed=1'),
      ];
      const before = await totals();
      await route();
      const half = await totals();
      await bulk(action);
      const after = await totals();
      // The counters moved by the same step for the route's file and for the job's.
      expect(
        after.map((n, i) => n - half[i]!),
        action,
      ).toEqual(half.map((n, i) => n - before[i]!));
    }
    const [routeEvents, jobEvents] = [await eventsOf(s, byRoute.file_id), await eventsOf(s, byJob.file_id)];
    expect(jobEvents).toHaveLength(4);
    expect(jobEvents).toEqual(routeEvents);
    const [routeLog, jobLog] = [await activityOf(s, key, byRoute.file_id), await activityOf(s, key, byJob.file_id)];
    expect(jobLog.map(comparable)).toEqual(routeLog.map(comparable));
    expect(jobLog.every((e) => typeof e.detail.bulk_job === 'number')).toBe(true);
    const now = await allFiles(s, key);
    expect(now.get(byJob.file_id)!.version - byJob.version).toBe(4);
    expect(now.get(byRoute.file_id)!.version - byRoute.version).toBe(4);

    // Found by its words in the trash while there, and in the live list again after the restore.
    const word = encodeURIComponent(byJob.file_title.split(/\s+/)[0]!);
    const ids = async (query: string) =>
      ((await s.request('GET', `/api/files/?limit=100&${query}`, { key })).body.data.files as Listed[]).map((f) => f.file_id);
    expect(await ids(`search=${word}`)).toContain(byJob.file_id);
    await bulk('delete', true);
    expect(await ids(`search=${word}&trashed=1`)).toContain(byJob.file_id);
    expect(await ids(`search=${word}`)).not.toContain(byJob.file_id);
    await bulk('restore', true);
    expect(await ids(`search=${word}`)).toContain(byJob.file_id);
  });
});

describe('a batch that fails after changing its files', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startServer({ bulkWorker: { batchSize: 10, pollMs: 100, backoffMs: 100 } });
    await s.addAccount('batcher', 'batcher-password', 60);
    key = await s.login('batcher', 'batcher-password');
  });
  afterAll(() => s.close());

  it('leaves no file changed without its result: the retried job changes each file once, none skipped nor "unchanged"', async () => {
    const files = [...(await allFiles(s, key)).values()].filter((f) => f.isActive === 1).slice(0, 30);
    const appendEach = s.app.activity.appendEach.bind(s.app.activity);
    let batches = 0;
    // The second batch's activity entries fail after its files were changed, as a crash there would.
    s.app.activity.appendEach = async (tx, fileIds, entry) => {
      if (++batches === 2) throw new DatabaseUnavailableError();
      return appendEach(tx, fileIds, entry);
    };
    try {
      const posted = await postBulk(s, key, { action: 'deactivate', ids: files.map((f) => f.file_id) });
      const job = await finished(s, key, posted.body.data.job.id);
      expect(batches).toBeGreaterThan(3); // the failure happened, and the job went on after it
      // A file changed by the rolled-back batch would now be 'unchanged' (or logged twice).
      expect(job).toMatchObject({ state: 'done', total: 30, counts: { done: 30, pending: 0, unchanged: 0, conflict: 0, failed: 0 } });
      const now = await allFiles(s, key);
      expect(files.filter((f) => now.get(f.file_id)!.isActive !== 0)).toEqual([]);
      for (const f of files) {
        expect((await activityOf(s, key, f.file_id)).filter((e) => e.detail.bulk_job === job.id)).toHaveLength(1);
      }
    } finally {
      s.app.activity.appendEach = appendEach;
    }
  });
});

describe('a single-file edit on another node while a batch holds its file', () => {
  let databaseUrl: string | undefined;
  let dir: string;

  beforeAll(async () => {
    databaseUrl = ENGINE === 'postgres' ? await createTestDatabase() : undefined;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-bulk-race-'));
    const first = await startServer({ databaseUrl }, dir);
    await first.addAccount('racer', 'racer-password', 1500);
    await first.close();
  });
  afterAll(async () => {
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('either wins (the job leaves the file: conflict) or waits for the batch and then applies: never lost, never held for the job', async () => {
    // Batches of 50 files each (none sized by its time), so that one batch is a thirtieth of the job, and
    // 200 ms apart, so that the job outlasts an edit's first request on a busy machine (a few ms a batch).
    const worker = await startServer({ databaseUrl, bulkWorker: { batchSize: 50, batchMs: 0, pauseMs: 200, pollMs: 50 } }, dir);
    const editor = await startServer({ databaseUrl, bulkWorker: false }, dir);
    try {
      const key = await worker.login('racer', 'racer-password');
      const total = await listTotal(worker, key, 'isActive=1');
      const live = [...(await allFiles(editor, key)).values()].filter((f) => f.isActive === 1);
      const raced = live.filter((_, i) => i % 25 === 3);
      const posted = await postBulk(worker, key, { action: 'deactivate', filter: { isActive: 1 }, expected_count: total });
      const jobId = posted.body.data.job.id as number;
      /** How many of the job's files are settled (done, conflict, unchanged or failed) now. */
      const settled = async () => {
        const { pending, ...others } = ((await worker.request('GET', `/api/jobs/${jobId}?limit=1`, { key })).body.data.job as Job).counts;
        return Object.values(others).reduce((sum, n) => sum + n, 0);
      };
      // The share of the job's files settled while each edit waited: a measure of the job's own progress,
      // so a slower machine slows both sides alike.
      const waited: number[] = [];
      for (const f of raced) {
        const before = await settled();
        const renamed = await editor.request('PUT', `/api/files/${f.file_id}`, { key, json: { file_title: `Raced ${f.file_id}` } });
        waited.push(((await settled()) - before) / total);
        expect(renamed.status).toBe(200);
      }
      const job = await finished(worker, key, jobId, 60_000);
      expect(job).toMatchObject({ state: 'done', total, counts: { pending: 0, failed: 0, unchanged: 0 } });
      const byId = new Map((await results(worker, key, jobId)).map((r) => [r.file_id, r]));
      const now = await allFiles(editor, key);
      let conflicts = 0;
      for (const f of raced) {
        const file = now.get(f.file_id)!;
        const outcome = byId.get(f.file_id)!;
        expect(file.file_title).toBe(`Raced ${f.file_id}`); // the edit is never lost
        if (outcome.outcome === 'done') {
          expect(file.isActive).toBe(0);
        } else {
          conflicts++;
          expect(outcome).toEqual({ file_id: f.file_id, outcome: 'conflict', reason: CHANGED_SINCE });
          expect(file.isActive).toBe(1);
        }
      }
      expect(job.counts.conflict).toBe(conflicts);
      expect(job.counts.done).toBe(total - conflicts);
      // No table lock: an edit waits for the batch it meets at most, never for the job (30 batches of 50):
      // a lock held for the job would hold the first edit until nearly all of its files were settled.
      expect(Math.max(...waited)).toBeLessThan(0.5);
    } finally {
      await worker.close();
      await editor.close();
    }
  });
});

describe('a multi-file batch writes what the same changes file by file write', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    // Batches of 7 files: several batches, each changing files of several statuses at once.
    s = await startServer({ bulkWorker: { pollMs: 100, batchSize: 7 } });
    await s.addAccount('pairs', 'pairs-password', 80);
    key = await s.login('pairs', 'pairs-password');
  });
  afterAll(() => s.close());

  /** The stored counters against a count of the rows themselves, over every account. */
  async function countersMatchRows(): Promise<void> {
    const rows = await s.app.db.all<{ account_id: number; file_status: number; is_active: number; n: number }>(
      'SELECT account_id, file_status, is_active, count(*) AS n FROM files GROUP BY 1, 2, 3 ORDER BY 1, 2, 3',
    );
    const counters = await s.app.db.all<{ account_id: number; file_status: number; is_active: number; n: number }>(
      'SELECT account_id, file_status, is_active, n FROM file_counts WHERE n <> 0 ORDER BY 1, 2, 3',
    );
    const plain = (r: { account_id: number; file_status: number; is_active: number; n: number }) =>
      [r.account_id, r.file_status, r.is_active, r.n].map(Number).join('/');
    expect(counters.map(plain)).toEqual(rows.map(plain));
  }

  it('the same counters and one identical event per file for deactivate, activate, delete and restore', async () => {
    const live = [...(await allFiles(s, key)).values()].filter((f) => f.isActive === 1);
    expect(live.length).toBeGreaterThanOrEqual(40);
    // Alternate files: the job's and the routes' files share every status the sample data has.
    const byJob = live.filter((_, i) => i % 2 === 0).slice(0, 20);
    const byRoute = live.filter((_, i) => i % 2 === 1).slice(0, 20);
    const panel = { 'x-vp-source': 'panel' };
    const steps: Array<[string, (id: number) => Promise<unknown>]> = [
      ['deactivate', (id) => s.request('PUT', `/api/files/${id}`, { key, json: { isActive: 0 }, headers: panel })],
      ['activate', (id) => s.request('PUT', `/api/files/${id}`, { key, json: { isActive: 1 }, headers: panel })],
      ['delete', (id) => s.request('DELETE', `/api/files/${id}`, { key, headers: panel })],
      ['restore', (id) => s.request('POST', `/api/files/${id}/restore`, { key, headers: panel })],
    ];
    for (const [action, route] of steps) {
      for (const f of byRoute) await route(f.file_id);
      const posted = await postBulk(s, key, { action, ids: byJob.map((f) => f.file_id) });
      const job = await finished(s, key, posted.body.data.job.id);
      expect(job.counts, action).toMatchObject({ done: byJob.length });
      await countersMatchRows();
    }
    const routeEvents = await Promise.all(byRoute.map((f) => eventsOf(s, f.file_id)));
    const jobEvents = await Promise.all(byJob.map((f) => eventsOf(s, f.file_id)));
    expect(jobEvents.map((e) => e.length)).toEqual(byJob.map(() => 4));
    expect(jobEvents).toEqual(routeEvents);
    // Found by its words again: the batches of is_active kept the search index as it was.
    const word = encodeURIComponent(byJob[0]!.file_title.split(/\s+/)[0]!);
    const found = ((await s.request('GET', `/api/files/?limit=100&search=${word}`, { key })).body.data.files as Listed[]).map(
      (f) => f.file_id,
    );
    expect(found).toContain(byJob[0]!.file_id);
  });
});

describe("a filter's files are copied into its job in chunks", () => {
  let s: TestServer;
  let key: string;
  let accountId: number;
  beforeAll(async () => {
    s = await startServer({ bulkWorker: false });
    accountId = await s.addAccount('chunked', 'chunked-password', 300);
    key = await s.login('chunked', 'chunked-password');
  });
  afterAll(() => s.close());

  it('in file id order, each matching file once at its version, and a collect cut short goes on where it stopped', async () => {
    // The commonest first word of the titles: a search that matches many files.
    const firsts = new Map<string, number>();
    for (const f of (await allFiles(s, key)).values()) {
      const first = f.file_title.split(/\s+/)[0]!.toLowerCase();
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    const word = [...firsts].sort((a, b) => b[1] - a[1])[0]![0];
    const filter = { search: word, isActive: 1 as const };
    const expected = new Map<number, number>();
    for (const f of (await allFiles(s, key)).values()) expected.set(f.file_id, f.version);
    const matching = new Set<number>();
    for (let page = 1; ; page++) {
      const { files } = (await s.request('GET', `/api/files/?search=${word}&isActive=1&limit=100&page=${page}`, { key })).body.data;
      for (const f of files as Listed[]) matching.add(f.file_id);
      if (files.length < 100) break;
    }
    expect(matching.size).toBeGreaterThan(5);

    const job = (await s.app.bulkJobs.create(
      {
        accountId,
        idempotencyKey: 'chunks',
        requestHash: 'h',
        action: 'deactivate',
        filter,
        actor: 'chunked',
        source: 'api',
        total: 0,
        createdAt: s.now.value,
      },
      null,
      async () => {},
    ))!;
    const chunk = (after: number) => s.app.bulkJobs.collect(job, s.app.files.matching(accountId, filter, false, after, 2));
    // Two chunks, then a "restart": the collect starts again from the job's last file.
    const first = await chunk(0);
    expect(first.copied).toBe(2);
    await chunk(first.last);
    for (let after = await s.app.bulkJobs.lastFile(job.job_id); ;) {
      const { copied, last } = await chunk(after);
      if (copied < 2) break;
      after = last;
    }
    const copied = await s.app.db.all<{ file_id: number; version: number }>(
      'SELECT file_id, version FROM bulk_job_files WHERE job_id = ? ORDER BY file_id',
      [job.job_id],
    );
    expect(copied.map((r) => Number(r.file_id))).toEqual([...matching].sort((a, b) => a - b));
    for (const r of copied) expect(Number(r.version)).toBe(expected.get(Number(r.file_id)));
    // The trash's files are its own listing: none of them match there.
    expect(
      await s.app.db.get(
        'SELECT file_id FROM (' + s.app.files.matching(accountId, filter, true, 0, 10).sql + ') m',
        s.app.files.matching(accountId, filter, true, 0, 10).params,
      ),
    ).toBeUndefined();
  });
});
