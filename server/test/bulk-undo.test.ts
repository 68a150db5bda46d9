import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANGED_SINCE } from '../src/bulk/apply-file-action';
import { JOB_NOT_FOUND, JOB_STILL_RUNNING, PURGE_NOT_UNDONE } from '../src/routes/jobs';
import { activityOf, allFiles, finished, listTotal, newKey, postBulk, results } from './bulk-support';
import { startServer, type TestServer } from './helpers';
import { KEY_REQUIRED, KEY_REUSED } from '../src/schemas/messages';

function postUndo(s: TestServer, key: string, jobId: number | string, idempotencyKey: string | null = newKey()) {
  return s.request('POST', `/api/jobs/${jobId}/undo`, {
    key,
    headers: { 'x-vp-source': 'panel', ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
  });
}

describe('undoing a bulk job', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  beforeAll(async () => {
    // Small steps with pauses: a test edits a file while the undo runs, another asks while a job runs.
    s = await startServer({ bulkWorker: { batchSize: 4, pauseMs: 100, pollMs: 50 } });
    await s.addAccount('undoer', 'undoer-password', 80);
    await s.addAccount('onlooker', 'onlooker-password', 5);
    key = await s.login('undoer', 'undoer-password');
    otherKey = await s.login('onlooker', 'onlooker-password');
  });
  afterAll(() => s.close());

  it('a deactivate, undone, activates again exactly the files it deactivated', async () => {
    const files = [...(await allFiles(s, key)).values()].slice(0, 12);
    const wasInactive = files.filter((f) => f.isActive === 0).map((f) => f.file_id);
    // Some files already inactive: the job leaves them 'unchanged', and the undo must leave them inactive.
    const first = files.filter((f) => f.isActive === 1).slice(0, 2);
    for (const f of first) await s.request('PUT', `/api/files/${f.file_id}`, { key, json: { isActive: 0 } });
    const alreadyInactive = new Set([...wasInactive, ...first.map((f) => f.file_id)]);
    const job = await finished(
      s,
      key,
      (await postBulk(s, key, { action: 'deactivate', ids: files.map((f) => f.file_id) })).body.data.job.id,
    );
    expect(job.counts).toMatchObject({ done: files.length - alreadyInactive.size, unchanged: alreadyInactive.size });
    const changed = files.filter((f) => !alreadyInactive.has(f.file_id));

    const undo = await postUndo(s, key, job.id);
    expect(undo.status).toBe(202);
    expect(undo.body.data.job).toMatchObject({ action: 'activate', total: changed.length, filter: null });
    const undone = await finished(s, key, undo.body.data.job.id);
    expect(undone).toMatchObject({ state: 'done', counts: { done: changed.length, unchanged: 0, conflict: 0, failed: 0 } });
    expect((await results(s, key, undone.id)).map((r) => r.file_id)).toEqual(changed.map((f) => f.file_id).sort((a, b) => a - b));

    const after = await allFiles(s, key);
    for (const f of files) expect(after.get(f.file_id)!.isActive, String(f.file_id)).toBe(alreadyInactive.has(f.file_id) ? 0 : 1);
    const [entry] = await activityOf(s, key, changed[0]!.file_id);
    expect(entry).toMatchObject({
      action: 'update',
      actor: 'undoer',
      source: 'panel',
      detail: { isActive: { before: 0, after: 1 }, bulk_job: undone.id },
    });
  });

  it('a bulk delete, undone, restores the same set from the trash; undoing that moves it back', async () => {
    const inTrashBefore = (await allFiles(s, key, 1)).size;
    const ids = [...(await allFiles(s, key)).values()].slice(20, 26).map((f) => f.file_id);
    const deleted = await finished(s, key, (await postBulk(s, key, { action: 'delete', ids })).body.data.job.id);
    expect(deleted.counts.done).toBe(6);
    expect((await allFiles(s, key, 1)).size).toBe(inTrashBefore + 6);

    const restore = await postUndo(s, key, deleted.id);
    expect(restore.body.data.job).toMatchObject({ action: 'restore', total: 6 });
    expect(await finished(s, key, restore.body.data.job.id)).toMatchObject({ state: 'done', counts: { done: 6 } });
    expect((await allFiles(s, key, 1)).size).toBe(inTrashBefore);
    for (const id of ids) expect((await s.request('GET', `/api/files/${id}`, { key })).status).toBe(200);
    expect((await activityOf(s, key, ids[0]!))[0]).toMatchObject({ action: 'restore', detail: { bulk_job: restore.body.data.job.id } });

    const again = await postUndo(s, key, restore.body.data.job.id);
    expect(again.body.data.job).toMatchObject({ action: 'delete', total: 6 });
    expect(await finished(s, key, again.body.data.job.id)).toMatchObject({ counts: { done: 6 } });
    for (const id of ids) expect((await s.request('GET', `/api/files/${id}`, { key })).status).toBe(404);
    expect((await allFiles(s, key, 1)).size).toBe(inTrashBefore + 6);
  });

  it('takes each file at its version when asked: an earlier edit is undone over, a later one is a conflict left as it is', async () => {
    const files = [...(await allFiles(s, key)).values()].filter((f) => f.isActive === 1).slice(0, 12);
    const job = await finished(
      s,
      key,
      (await postBulk(s, key, { action: 'deactivate', ids: files.map((f) => f.file_id) })).body.data.job.id,
    );
    expect(job.counts.done).toBe(12);
    const renamedBefore = files[0]!;
    expect(
      (await s.request('PUT', `/api/files/${renamedBefore.file_id}`, { key, json: { file_title: 'Renamed before the undo' } })).status,
    ).toBe(200);

    const undo = await postUndo(s, key, job.id);
    // The worker takes 4 files per step with a pause: the last file is still to come.
    const last = files[files.length - 1]!;
    expect((await s.request('PUT', `/api/files/${last.file_id}`, { key, json: { file_title: 'Renamed during the undo' } })).status).toBe(
      200,
    );
    const undone = await finished(s, key, undo.body.data.job.id);
    const byId = new Map((await results(s, key, undone.id)).map((r) => [r.file_id, r]));
    expect(byId.get(renamedBefore.file_id)?.outcome).toBe('done');
    expect(byId.get(last.file_id)).toEqual({ file_id: last.file_id, outcome: 'conflict', reason: CHANGED_SINCE });
    expect((await s.request('GET', `/api/files/${renamedBefore.file_id}`, { key })).body.data).toMatchObject({
      isActive: 1,
      file_title: 'Renamed before the undo',
    });
    expect((await s.request('GET', `/api/files/${last.file_id}`, { key })).body.data).toMatchObject({
      isActive: 0,
      file_title: 'Renamed during the undo',
    });
  });

  it('a replayed key answers the same undo job and undoes once; the key for another request is a 422', async () => {
    const ids = [...(await allFiles(s, key)).values()]
      .filter((f) => f.isActive === 1)
      .slice(0, 3)
      .map((f) => f.file_id);
    const job = await finished(s, key, (await postBulk(s, key, { action: 'deactivate', ids })).body.data.job.id);
    const idem = newKey();
    const undo = await postUndo(s, key, job.id, idem);
    await finished(s, key, undo.body.data.job.id);
    const replay = await postUndo(s, key, job.id, idem);
    expect(replay.status).toBe(202);
    expect(replay.body.data.job).toMatchObject({ id: undo.body.data.job.id, state: 'done', counts: { done: 3 } });
    for (const id of ids) expect((await activityOf(s, key, id)).filter((e) => e.detail.bulk_job === undo.body.data.job.id)).toHaveLength(1);

    const otherJob = await postUndo(s, key, undo.body.data.job.id, idem);
    expect(otherJob.status).toBe(422);
    expect(otherJob.body.message).toBe(KEY_REUSED);
    const asBulk = await postBulk(s, key, { action: 'activate', ids }, idem);
    expect(asBulk.status).toBe(422);
    // A key first used for POST /api/files/bulk is not an undo's either.
    const bulkKey = newKey();
    await finished(s, key, (await postBulk(s, key, { action: 'activate', ids }, bulkKey)).body.data.job.id);
    expect((await postUndo(s, key, job.id, bulkKey)).status).toBe(422);
  });

  it('refuses a purge, a running job, another account’s job and a request without a key, changing nothing', async () => {
    const [victim] = [...(await allFiles(s, key)).values()];
    await finished(s, key, (await postBulk(s, key, { action: 'delete', ids: [victim!.file_id] })).body.data.job.id);
    const purge = await finished(s, key, (await postBulk(s, key, { action: 'purge', ids: [victim!.file_id] })).body.data.job.id);
    const refused = await postUndo(s, key, purge.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ status: 'error', message: PURGE_NOT_UNDONE });

    const activeCount = await listTotal(s, key, 'isActive=1');
    const running = await postBulk(s, key, { action: 'deactivate', filter: { isActive: 1 }, expected_count: activeCount });
    const early = await postUndo(s, key, running.body.data.job.id);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ status: 'error', message: JOB_STILL_RUNNING });
    const ended = await finished(s, key, running.body.data.job.id);

    expect((await postUndo(s, otherKey, ended.id)).body).toEqual({ status: 'error', message: JOB_NOT_FOUND });
    expect((await postUndo(s, key, 999_999)).status).toBe(404);
    expect((await postUndo(s, key, 'abc')).status).toBe(400);
    expect((await postUndo(s, key, ended.id, null)).body).toEqual({ status: 'error', message: KEY_REQUIRED });
    expect((await s.request('POST', `/api/jobs/${ended.id}/undo`, { headers: { 'idempotency-key': newKey() } })).status).toBe(401);
    // None of the refusals started a job: the files stay as the deactivate left them.
    expect(await listTotal(s, key, 'isActive=1')).toBe(0);
  });
});
