import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';
import { startServer, type TestServer } from './helpers';
import { SCHEDULE_IN_PAST, SCHEDULE_NOT_A_TIME, SCHEDULE_ORDER } from '../src/schedules/schedule-times';

// Files' schedules (activate_at, deactivate_at; decision D56): set with PUT /api/files/{id}, run by
// every node's sweep within seconds of their time, once, as a versioned change with its activity
// entry and file event.

const iso = (ms: number) => new Date(ms).toISOString();

/** The schedule entries of a file's activity log, newest first. */
async function scheduleEntries(s: TestServer, key: string, fileId: number) {
  const reply = await s.request('GET', `/api/files/${fileId}/activity`, { key });
  return (reply.body.data.activity as { action: string; actor: string; source: string; detail: Record<string, unknown> }[]).filter((e) =>
    e.action.startsWith('schedule_'),
  );
}

describe('file schedules', () => {
  let s: TestServer;
  let key: string;
  let ids: number[];
  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('sched', 'sched-password-one', 12);
    key = await s.login('sched', 'sched-password-one');
    const list = await s.request('GET', '/api/files/?limit=12&sort_by=file_id&order=asc', { key });
    ids = list.body.data.files.map((f: { file_id: number }) => f.file_id);
  });
  afterAll(() => s.close());

  const put = (fileId: number, json: Record<string, unknown>) => s.request('PUT', `/api/files/${fileId}`, { key, json });

  it('refuses a time in the past, a time without its zone, and a deactivation not after the activation', async () => {
    const fileId = ids[0]!;
    expect((await put(fileId, { activate_at: iso(s.now.value - 1000) })).body).toEqual({ status: 'error', message: SCHEDULE_IN_PAST });
    expect((await put(fileId, { deactivate_at: iso(s.now.value) })).body).toEqual({ status: 'error', message: SCHEDULE_IN_PAST });
    for (const bad of ['2030-01-01T09:00:00', 'tomorrow', '2030-02-30T09:00:00Z', '2030-01-01T24:00:00Z', 42]) {
      const reply = await put(fileId, { activate_at: bad });
      expect(reply.status, String(bad)).toBe(400);
      if (typeof bad === 'string') expect(reply.body.message).toBe(SCHEDULE_NOT_A_TIME);
    }
    const both = await put(fileId, { activate_at: iso(s.now.value + 120_000), deactivate_at: iso(s.now.value + 60_000) });
    expect(both.body).toEqual({ status: 'error', message: SCHEDULE_ORDER });
    // Against the stored activation too.
    expect((await put(fileId, { activate_at: iso(s.now.value + 120_000) })).status).toBe(200);
    expect((await put(fileId, { deactivate_at: iso(s.now.value + 60_000) })).body).toEqual({ status: 'error', message: SCHEDULE_ORDER });
    const file = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    expect(file.activate_at).toBe(iso(s.now.value + 120_000));
    expect(file).not.toHaveProperty('deactivate_at');
    // Cleared with null: the File reads as it did before schedules.
    const cleared = await put(fileId, { activate_at: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('activate_at');
    const [entry] = (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity;
    expect(entry.detail).toEqual({ activate_at: { before: iso(s.now.value + 120_000), after: null } });
  });

  it('deactivates a file within 5 s of its time, once: a versioned change, an activity entry and a file event', async () => {
    const fileId = ids[1]!;
    await put(fileId, { isActive: 1 });
    const set = await put(fileId, { deactivate_at: iso(s.now.value + 10_000) });
    expect(set.body.data).toMatchObject({ isActive: 1, deactivate_at: iso(s.now.value + 10_000) });
    const stream = await openEventStream(s.base, { key });
    try {
      await stream.waitFor((f) => f.event === 'ready');
      s.advance(10_000);
      // Events of the edits above may come first: the one of the run is the one that turns it inactive.
      const ran = (data: string) => JSON.parse(data).file_id === fileId && JSON.parse(data).changes?.isActive === 0;
      const event = await stream.waitFor((f) => f.event === 'file' && ran(f.data!), 5_000);
      expect(JSON.parse(event.data!)).toEqual({ kind: 'changed', file_id: fileId, changes: { isActive: 0, deactivate_at: null } });
    } finally {
      stream.close();
    }
    const file = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    expect(file).toMatchObject({ isActive: 0, version: set.body.data.version + 1 });
    expect(file).not.toHaveProperty('deactivate_at');
    expect(await s.app.runDueSchedules()).toBe(0);
    expect(await scheduleEntries(s, key, fileId)).toEqual([
      {
        action: 'schedule_deactivate',
        actor: 'schedule',
        source: 'schedule',
        at: expect.any(String),
        activity_id: expect.any(Number),
        detail: { due_at: iso(s.now.value), isActive: { before: 1, after: 0 } },
      },
    ]);
  });

  it('runs an activation then a deactivation that both passed, in their order', async () => {
    const fileId = ids[2]!;
    await put(fileId, { isActive: 0 });
    await put(fileId, { activate_at: iso(s.now.value + 1000), deactivate_at: iso(s.now.value + 2000) });
    s.advance(3000);
    await s.app.runDueSchedules();
    const file = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    expect(file.isActive).toBe(0);
    expect((await scheduleEntries(s, key, fileId)).map((e) => [e.action, e.detail.isActive])).toEqual([
      ['schedule_deactivate', { before: 1, after: 0 }],
      ['schedule_activate', { before: 0, after: 1 }],
    ]);
  });

  it('pauses a schedule while its file is in the trash and resumes it on restore', async () => {
    const fileId = ids[3]!;
    await put(fileId, { isActive: 0 });
    await put(fileId, { activate_at: iso(s.now.value + 5000) });
    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    s.advance(6000);
    expect(await s.app.runDueSchedules()).toBe(0);
    const trashed = (await s.request('GET', '/api/files/?trashed=1', { key })).body.data.files[0];
    expect(trashed).toMatchObject({ file_id: fileId, isActive: 0, activate_at: iso(s.now.value - 1000) });
    expect(await scheduleEntries(s, key, fileId)).toEqual([]);

    expect((await s.request('POST', `/api/files/${fileId}/restore`, { key })).status).toBe(200);
    await vi.waitFor(async () => expect((await s.request('GET', `/api/files/${fileId}`, { key })).body.data.isActive).toBe(1), {
      timeout: 5_000,
    });
    expect((await scheduleEntries(s, key, fileId)).map((e) => e.action)).toEqual(['schedule_activate']);
  });
});

describe('file schedules on two nodes', () => {
  let a: TestServer;
  let b: TestServer;
  let key: string;
  beforeAll(async () => {
    a = await startServer({ schedules: { pollMs: 20, batch: 7 } });
    await a.addAccount('pair', 'pair-password-one', 60);
    key = await a.login('pair', 'pair-password-one');
  });
  afterAll(async () => {
    await b?.app.close();
    await a.close();
  });

  it('runs each schedule once, whichever node sweeps first', async () => {
    b = await startServer({ schedules: { pollMs: 20, batch: 7 } }, a.dataDir);
    const files: { file_id: number }[] = (await a.request('GET', '/api/files/?limit=60', { key })).body.data.files;
    const due = a.now.value + 60_000;
    for (const f of files)
      expect((await a.request('PUT', `/api/files/${f.file_id}`, { key, json: { deactivate_at: iso(due) } })).status).toBe(200);
    a.advance(60_000);
    b.advance(60_000);
    await vi.waitFor(
      async () => expect((await a.request('GET', '/api/files/?isActive=1', { key })).body.data.pagination.total_records).toBe(0),
      { timeout: 10_000 },
    );
    const entries = await a.app.db.all<{ file_id: number; n: number }>(
      "SELECT file_id, count(*) AS n FROM file_activity WHERE action = 'schedule_deactivate' GROUP BY file_id",
    );
    expect(entries).toHaveLength(60);
    expect(entries.every((e) => Number(e.n) === 1)).toBe(true);
  });

  it('runs at start the schedules that came due while every node was down', async () => {
    const [file] = (await a.request('GET', '/api/files/?limit=1', { key })).body.data.files;
    await a.request('PUT', `/api/files/${file.file_id}`, { key, json: { activate_at: iso(a.now.value + 30_000) } });
    await b.app.close();
    await a.app.close();
    const later = a.now.value + 3_600_000;
    const c = await startServer({ clock: () => later }, a.dataDir);
    try {
      const cKey = await c.login('pair', 'pair-password-one');
      await vi.waitFor(
        async () => expect((await c.request('GET', `/api/files/${file.file_id}`, { key: cKey })).body.data.isActive).toBe(1),
        {
          timeout: 5_000,
        },
      );
      const [newest] = await scheduleEntries(c, cKey, file.file_id);
      expect(newest).toMatchObject({ action: 'schedule_activate', detail: { due_at: iso(a.now.value + 30_000) } });
    } finally {
      await c.app.close();
    }
  });
});
