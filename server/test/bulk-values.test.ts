import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_VALUE, SCHEDULE_REQUIRED } from '../src/routes/bulk';
import { SCHEDULE_IN_PAST, SCHEDULE_NOT_A_TIME, SCHEDULE_ORDER } from '../src/schedules/schedule-times';
import { activityOf, finished, listTotal, newKey, postBulk, results } from './bulk-support';
import { startServer, type TestServer } from './helpers';

// Bulk jobs that set values (POST /api/files/bulk/set, decision D63): a player access setting or a schedule over ids or a filter,
// as PUT /api/files/{id} would set it on each file, and their undo, which writes back each file's own
// value from before; the list's Scheduled filter.

const iso = (ms: number) => new Date(ms).toISOString();
const SITES = { embed: 'sites', sites: ['school.example'], signed: false, allow_no_referrer: true } as const;
const NOWHERE = { embed: 'nowhere', sites: [], signed: true, allow_no_referrer: false } as const;

type FileJson = { file_id: number; file_title: string; player_access?: unknown; activate_at?: string; deactivate_at?: string };

describe('bulk player access and schedules', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  let ids: number[];
  beforeAll(async () => {
    s = await startServer({ bulkWorker: { pollMs: 50 } });
    await s.addAccount('setter', 'setter-password', 30);
    await s.addAccount('bystander', 'bystander-password', 3);
    key = await s.login('setter', 'setter-password');
    otherKey = await s.login('bystander', 'bystander-password');
    const list = await s.request('GET', '/api/files/?limit=30&sort_by=file_id&order=asc', { key });
    ids = list.body.data.files.map((f: FileJson) => f.file_id);
  });
  afterAll(() => s.close());

  const file = async (id: number): Promise<FileJson> => (await s.request('GET', `/api/files/${id}`, { key })).body.data;
  const put = (id: number, json: Record<string, unknown>) => s.request('PUT', `/api/files/${id}`, { key, json });
  const postSet = (json: Record<string, unknown>) =>
    s.request('POST', '/api/files/bulk/set', { key, json, headers: { 'x-vp-source': 'panel', 'idempotency-key': newKey() } });
  const undo = (jobId: number) =>
    s.request('POST', `/api/jobs/${jobId}/undo`, { key, headers: { 'x-vp-source': 'panel', 'idempotency-key': newKey() } });

  it('refuses a set without one value, or with a schedule PUT would refuse; POST /api/files/bulk sets nothing', async () => {
    const one = [ids[0]!];
    const refused = async (body: Record<string, unknown>) => (await postSet({ ids: one, ...body })).body;
    expect(await refused({})).toEqual({ status: 'error', message: ONE_VALUE });
    expect(await refused({ player_access: null, schedule: { activate_at: null } })).toEqual({ status: 'error', message: ONE_VALUE });
    expect(await refused({ schedule: {} })).toEqual({ status: 'error', message: SCHEDULE_REQUIRED });
    expect((await postBulk(s, key, { action: 'set_player_access', ids: one, player_access: null })).status).toBe(400);
    expect(await refused({ schedule: { deactivate_at: iso(s.now.value - 1) } })).toEqual({
      status: 'error',
      message: SCHEDULE_IN_PAST,
    });
    expect(await refused({ schedule: { deactivate_at: '2030-01-01T09:00' } })).toEqual({
      status: 'error',
      message: SCHEDULE_NOT_A_TIME,
    });
    const order = { activate_at: iso(s.now.value + 120_000), deactivate_at: iso(s.now.value + 60_000) };
    expect(await refused({ schedule: order })).toEqual({ status: 'error', message: SCHEDULE_ORDER });
    expect((await refused({ player_access: { ...SITES, sites: [] } })).status).toBe('error');
    expect((await postBulk(s, key, { action: 'revert', ids: one })).status).toBe(400);
    expect((await s.request('POST', '/api/files/bulk/set', { key, json: { ids: one, player_access: null } })).status).toBe(400); // no key
    expect((await file(ids[0]!)).player_access).toBeUndefined();
  });

  it("sets player access over ids as PUT would, logs each change with the job, and its undo writes back each file's own value", async () => {
    const [a, b, c, d] = ids.slice(1, 5) as [number, number, number, number];
    expect((await put(a, { player_access: NOWHERE })).status).toBe(200); // its own setting before
    expect((await put(c, { player_access: SITES })).status).toBe(200); // already as the job sets it
    const job = await finished(s, key, (await postSet({ ids: [a, b, c, d], player_access: SITES })).body.data.job.id);
    expect(job).toMatchObject({ state: 'done', counts: { done: 3, unchanged: 1, conflict: 0, failed: 0 } });
    for (const id of [a, b, c, d]) expect((await file(id)).player_access, String(id)).toEqual(SITES);
    expect((await activityOf(s, key, a))[0]).toMatchObject({
      action: 'update',
      actor: 'setter',
      source: 'panel',
      detail: { player_access: { before: NOWHERE, after: SITES }, bulk_job: job.id },
    });
    expect((await activityOf(s, key, b))[0]!.detail).toEqual({ player_access: { before: null, after: SITES }, bulk_job: job.id });

    const undone = await undo(job.id);
    expect(undone.status).toBe(202);
    expect(undone.body.data.job).toMatchObject({ action: 'revert', total: 3 });
    const reverted = await finished(s, key, undone.body.data.job.id);
    expect(reverted.counts).toMatchObject({ done: 3, conflict: 0 });
    expect((await file(a)).player_access).toEqual(NOWHERE);
    expect((await file(b)).player_access).toBeUndefined(); // back to the account's default
    expect((await file(c)).player_access).toEqual(SITES); // the job left it: its undo too
    expect((await file(d)).player_access).toBeUndefined();
    expect((await activityOf(s, key, a))[0]!.detail).toEqual({ player_access: { before: SITES, after: NOWHERE }, bulk_job: reverted.id });

    // The undo of the undo sets the job's value again.
    const again = await finished(s, key, (await undo(reverted.id)).body.data.job.id);
    expect(again.counts).toMatchObject({ done: 3 });
    expect((await file(a)).player_access).toEqual(SITES);
    expect((await file(b)).player_access).toEqual(SITES);
  });

  it('sets a schedule over a filter: a file whose own activation is later fails with the reason; its undo restores each time', async () => {
    const [a, b, c] = ids.slice(10, 13) as [number, number, number];
    const tag = 'Quarterlyreview';
    for (const id of [a, b, c]) expect((await put(id, { file_title: `${tag} ${id}` })).status).toBe(200);
    const earlier = iso(s.now.value + 600_000);
    const late = iso(s.now.value + 7_200_000);
    expect((await put(a, { deactivate_at: earlier })).status).toBe(200);
    expect((await put(c, { activate_at: late })).status).toBe(200);
    const deactivateAt = iso(s.now.value + 3_600_000);
    const count = await listTotal(s, key, `search=${tag}`);
    expect(count).toBe(3);
    const posted = await postSet({
      filter: { search: tag },
      expected_count: count,
      schedule: { deactivate_at: deactivateAt },
    });
    const job = await finished(s, key, posted.body.data.job.id);
    expect(job.counts).toMatchObject({ done: 2, failed: 1 });
    expect((await results(s, key, job.id)).find((r) => r.file_id === c)).toEqual({ file_id: c, outcome: 'failed', reason: SCHEDULE_ORDER });
    expect(await file(a)).toMatchObject({ deactivate_at: deactivateAt });
    expect(await file(b)).toMatchObject({ deactivate_at: deactivateAt });
    expect(await file(c)).toMatchObject({ activate_at: late });
    expect((await file(c)).deactivate_at).toBeUndefined();
    expect((await activityOf(s, key, a))[0]!.detail).toEqual({ deactivate_at: { before: earlier, after: deactivateAt }, bulk_job: job.id });

    const reverted = await finished(s, key, (await undo(job.id)).body.data.job.id);
    expect(reverted.counts).toMatchObject({ done: 2 });
    expect((await file(a)).deactivate_at).toBe(earlier);
    expect((await file(b)).deactivate_at).toBeUndefined();
  });

  it('the Scheduled filter lists only files with a schedule, with the other filters and search; a bulk job over it clears them', async () => {
    const listed = async (query: string, limit = 100) =>
      (await s.request('GET', `/api/files/?limit=${limit}&sort_by=file_id&order=asc&${query}`, { key })).body.data as {
        files: FileJson[];
        pagination: { total_records: number };
      };
    const scheduled = new Set((await Promise.all(ids.map(file))).filter((f) => f.activate_at || f.deactivate_at).map((f) => f.file_id));
    expect(scheduled.size).toBeGreaterThan(0);
    const page = await listed('scheduled=1');
    expect(page.files.map((f) => f.file_id)).toEqual([...scheduled].sort((x, y) => x - y));
    expect(page.pagination.total_records).toBe(scheduled.size);
    expect((await listed('scheduled=1&page=2', 1)).files.map((f) => f.file_id)).toEqual([...scheduled].sort((x, y) => x - y).slice(1, 2));
    expect((await listed('scheduled=1&search=Quarterlyreview')).files.every((f) => f.file_title.startsWith('Quarterlyreview'))).toBe(true);
    expect((await s.request('GET', '/api/files/?scheduled=0', { key })).status).toBe(400);
    // Another account's files are never its.
    expect((await s.request('GET', '/api/files/?scheduled=1', { key: otherKey })).body.data.pagination.total_records).toBe(0);

    const cleared = await postSet({
      filter: { scheduled: 1 },
      expected_count: scheduled.size,
      schedule: { activate_at: null, deactivate_at: null },
    });
    expect(cleared.status).toBe(202);
    expect((await finished(s, key, cleared.body.data.job.id)).counts).toMatchObject({ done: scheduled.size });
    expect((await listed('scheduled=1')).pagination.total_records).toBe(0);
  });
});
