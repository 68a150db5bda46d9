import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../src/db/engine';
import { appendJobEvent } from '../src/db/file-events';
import { FileStatusWriter } from '../src/pipeline/file-status';
import { openEventStream, type EventStream } from './event-stream';
import { startServer, type TestServer } from './helpers';

const isFile = (kind: string, fileId: number) => (f: { event?: string; data?: string }) =>
  f.event === 'file' && JSON.parse(f.data!).kind === kind && JSON.parse(f.data!).file_id === fileId;

async function fileIds(s: TestServer, key: string): Promise<number[]> {
  const res = await s.request('GET', '/api/files/?limit=100&sort_by=file_id&order=asc', { key });
  return res.body.data.files.map((f: { file_id: number }) => f.file_id);
}

// Two servers on one database are two nodes of one service: a change written through either, or by
// any process straight into `files` (a pipeline), reaches the streams of both.
describe('GET /api/files/events', () => {
  let a: TestServer;
  let b: TestServer;
  let key: string;
  let otherKey: string;
  let ids: number[];
  const streams: EventStream[] = [];
  const open = async (...args: Parameters<typeof openEventStream>) => {
    const s = await openEventStream(...args);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    a = await startServer({ eventHeartbeatSeconds: 0.3, eventPollMs: 50 });
    b = await startServer({ eventHeartbeatSeconds: 0.3, eventPollMs: 50 }, a.dataDir);
    await a.addAccount('live', 'live-password', 12);
    await a.addAccount('someone-else', 'else-password', 5);
    key = await a.login('live', 'live-password');
    otherKey = await a.login('someone-else', 'else-password');
    ids = await fileIds(a, key);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await b.app.close();
    await a.close();
  });

  it('writes no event for seeded files', async () => {
    expect((await a.app.db.get<{ n: number }>('SELECT count(*) AS n FROM file_events'))!.n).toBe(0);
  });

  it('delivers on node B an edit made on node A, and a status written straight into the database', async () => {
    const stream = await open(b.base, { key });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await stream.waitFor((f) => f.event === 'ready');

    expect((await a.request('PUT', `/api/files/${ids[0]}`, { key, json: { file_title: 'Live title', isActive: 0 } })).status).toBe(200);
    const edit = await stream.waitFor(isFile('changed', ids[0]!));
    expect(JSON.parse(edit.data!)).toEqual({ kind: 'changed', file_id: ids[0], changes: { file_title: 'Live title', isActive: 0 } });

    // What a pipeline does: an UPDATE of the row, from any process.
    await a.app.db.run('UPDATE files SET file_status = 3, file_server = ? WHERE file_id = ?', ['worker-7', ids[1]!]);
    const status = await stream.waitFor(isFile('changed', ids[1]!));
    expect(JSON.parse(status.data!).changes).toEqual({ file_status: 3, file_server: 'worker-7' });

    // An update that changes nothing watched is no event.
    await a.app.db.run('UPDATE files SET created_at = created_at + 1 WHERE file_id = ?', [ids[2]!]);
    await a.request('DELETE', `/api/files/${ids[3]}`, { key });
    await stream.waitFor(isFile('deleted', ids[3]!));
    expect(stream.fileEvents().map((e) => [e.kind, e.file_id])).toEqual([
      ['changed', ids[0]],
      ['changed', ids[1]],
      ['deleted', ids[3]],
    ]);
  });

  it('sends an added file whole, with increasing ids', async () => {
    const stream = await open(a.base, { key });
    await stream.waitFor((f) => f.event === 'ready');
    const accountId = (await a.app.db.get<{ account_id: number }>('SELECT account_id FROM files WHERE file_id = ?', [ids[0]!]))!.account_id;
    await b.app.db.run(
      'INSERT INTO files (account_id, file_server, file_title, file_slug, file_status, is_active, created_at) VALUES (?, ?, ?, ?, 0, 1, ?)',
      [accountId, 'pending', 'A new upload', 'a-new-upload', Date.UTC(2026, 5, 2)],
    );
    const added = await stream.waitFor((f) => f.event === 'file' && JSON.parse(f.data!).kind === 'added');
    expect(JSON.parse(added.data!).file).toMatchObject({
      file_title: 'A new upload',
      file_slug: 'a-new-upload',
      file_status: 0,
      isActive: 1,
    });
    const all = stream.frames.filter((f) => f.id).map((f) => Number(f.id));
    expect([...all].sort((x, y) => x - y)).toEqual(all);
  });

  // A new file's statuses as the pipeline writes them, one UPDATE each (Pending when it is added).
  const PIPELINE = [1, 2, 3, 5, 6, 8, 9, 10];
  const statusesSeen = (stream: EventStream, fileId: number) =>
    stream
      .fileEvents()
      .filter((e) => e.file_id === fileId)
      .map((e) =>
        e.kind === 'added' ? (e.file as { file_status: number }).file_status : (e.changes as { file_status: number }).file_status,
      );
  const addFile = async (q: Queryable, slug: string) => {
    const accountId = (await a.app.db.get<{ account_id: number }>('SELECT account_id FROM files WHERE file_id = ?', [ids[0]!]))!.account_id;
    await q.run(
      'INSERT INTO files (account_id, file_server, file_title, file_slug, file_status, is_active, created_at) VALUES (?, ?, ?, ?, 0, 1, ?)',
      [accountId, 'pending', 'Through the pipeline', slug, Date.UTC(2026, 5, 3)],
    );
    return (await q.get<{ file_id: number }>('SELECT file_id FROM files WHERE file_slug = ?', [slug]))!.file_id;
  };

  it('describes an added file as it was added, never as it is when the event goes out: its statuses never go back', async () => {
    const stream = await open(a.base, { key });
    await stream.waitFor((f) => f.event === 'ready');
    // Added and taken through the pipeline before the node reads the log: all its events come in one read.
    const fileId = await b.app.db.transaction(async (tx) => {
      const id = await addFile(tx, 'through-the-pipeline');
      for (const status of PIPELINE) await tx.run('UPDATE files SET file_status = ? WHERE file_id = ?', [status, id]);
      return id;
    });
    await stream.waitFor((f) => isFile('changed', fileId)(f) && JSON.parse(f.data!).changes.file_status === 10);
    expect(statusesSeen(stream, fileId)).toEqual([0, ...PIPELINE]);
  });

  it('replays an added file as it was added to a stream that resumes with Last-Event-ID', async () => {
    const first = await open(b.base, { key });
    const ready = await first.waitFor((f) => f.event === 'ready');
    first.close();
    const fileId = await addFile(a.app.db, 'resumed-through-the-pipeline');
    const status = new FileStatusWriter(a.app);
    for (const s of PIPELINE) await status.set(fileId, s);
    // Node B has read them all: the resumed stream gets them from the replay of what it missed.
    const last = (await a.app.db.get<{ id: number }>('SELECT max(id) AS id FROM file_events'))!.id;
    await vi.waitFor(() => expect(b.app.fileEvents.cursor).toBeGreaterThanOrEqual(last), { timeout: 5_000 });
    const resumed = await open(b.base, { key, lastEventId: ready.id! });
    await resumed.waitFor((f) => isFile('changed', fileId)(f) && JSON.parse(f.data!).changes.file_status === 10);
    expect(statusesSeen(resumed, fileId)).toEqual([0, ...PIPELINE]);
  });

  it("never delivers another account's changes", async () => {
    const mine = await open(a.base, { key: otherKey });
    await mine.waitFor((f) => f.event === 'ready');
    const [theirs] = await fileIds(a, otherKey);
    await a.request('PUT', `/api/files/${ids[4]}`, { key, json: { file_title: 'Not for the other account' } });
    await a.request('PUT', `/api/files/${theirs}`, { key: otherKey, json: { file_title: 'Mine' } });
    await mine.waitFor(isFile('changed', theirs!));
    expect(mine.fileEvents().map((e) => e.file_id)).toEqual([theirs]);
  });

  it('resumes after Last-Event-ID with exactly what was missed, on the other node', async () => {
    const first = await open(a.base, { key });
    const ready = await first.waitFor((f) => f.event === 'ready');
    await a.request('PUT', `/api/files/${ids[5]}`, { key, json: { file_title: 'Seen' } });
    const seen = await first.waitFor(isFile('changed', ids[5]!));
    first.close();
    expect(Number(seen.id)).toBeGreaterThan(Number(ready.id));

    await a.request('PUT', `/api/files/${ids[6]}`, { key, json: { file_title: 'Missed one' } });
    await a.app.db.run('UPDATE files SET file_status = 10 WHERE file_id = ?', [ids[7]!]);
    const resumed = await open(b.base, { key, lastEventId: seen.id! });
    await resumed.waitFor(isFile('changed', ids[7]!));
    expect(resumed.fileEvents().map((e) => [e.file_id, e.changes])).toEqual([
      [ids[6], { file_title: 'Missed one' }],
      [ids[7], { file_status: 10 }],
    ]);
  });

  it("names in the list's and a file's reply the event id they stand at: a change made before any stream opened is streamed from it", async () => {
    const fromList = (await a.request('GET', '/api/files/?limit=5', { key })).headers.get('x-last-event-id');
    const fromFile = (await b.request('GET', `/api/files/${ids[8]}`, { key })).headers.get('x-last-event-id');
    expect([fromList, fromFile]).toEqual([expect.stringMatching(/^\d+$/), expect.stringMatching(/^\d+$/)]);
    // Changed after the replies were read, before the client's stream opened.
    await a.request('PUT', `/api/files/${ids[8]}`, { key, json: { file_title: 'Changed before the stream' } });
    await a.app.db.run('UPDATE files SET file_status = 5 WHERE file_id = ?', [ids[9]!]);
    for (const [node, from] of [
      [b, fromList!],
      [a, fromFile!],
    ] as const) {
      const stream = await open(node.base, { key, lastEventId: from });
      await stream.waitFor(isFile('changed', ids[9]!));
      // Events the node had not read yet when it answered may come again (harmless); these two never go missing.
      expect(
        stream
          .fileEvents()
          .map((e) => [e.file_id, e.changes])
          .slice(-2),
      ).toEqual([
        [ids[8], { file_title: 'Changed before the stream' }],
        [ids[9], { file_status: 5 }],
      ]);
    }
  });

  it('tells a client that resumes from before the oldest kept event to start over', async () => {
    await a.app.db.run('DELETE FROM file_events WHERE id <= (SELECT max(id) FROM file_events) - 1');
    const stream = await open(a.base, { key, lastEventId: '1' });
    await stream.waitFor((f) => f.event === 'reset');
    await stream.waitFor((f) => f.event === 'ready');
  });

  it('sends a heartbeat comment on a quiet stream', async () => {
    const stream = await open(a.base, { key });
    await stream.waitFor((f) => f.comment === 'heartbeat', 2_000);
  });

  it('refuses a stream without a key in the x-apikey header, and a key in the URL', async () => {
    expect((await openEventStream(a.base)).status).toBe(401);
    for (const query of [`apikey=${key}`, `x-apikey=${key}`, `api_key=${key}`, `token=${key}`]) {
      const res = await a.request('GET', `/api/files/events?${query}`);
      expect(res.status, query).toBe(401);
      expect(res.body).toEqual({ status: 'error', message: 'Your session has ended. Please sign in again.' });
    }
  });

  it('answers 400 to a Last-Event-ID that is not an event id', async () => {
    const res = await a.request('GET', '/api/files/events', { key, headers: { 'last-event-id': 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Last-Event-ID must be the id of an event of this stream');
  });
});

// The trash keeps a trashed row with its account negated and deleted_at set: the account's streams see
// a file put in the trash as 'deleted', a restored one as 'added', and one deleted for good from the trash
// as 'deleted' again (an open Trash view drops it).
describe('GET /api/files/events and the trash', () => {
  it('streams a trashed file as deleted, a restored one as added and a purged one as deleted, to its own account', async () => {
    const s = await startServer({ eventPollMs: 50 });
    try {
      await s.addAccount('trash', 'trash-password', 3);
      const key = await s.login('trash', 'trash-password');
      const [id] = await fileIds(s, key);
      const stream = await openEventStream(s.base, { key });
      await stream.waitFor((f) => f.event === 'ready');
      expect((await s.request('DELETE', `/api/files/${id}`, { key })).status).toBe(200);
      await stream.waitFor(isFile('deleted', id!));
      expect((await s.request('POST', `/api/files/${id}/restore`, { key })).status).toBe(200);
      const restored = await stream.waitFor(isFile('added', id!));
      expect(JSON.parse(restored.data!).file).toMatchObject({ file_id: id });
      expect((await s.request('DELETE', `/api/files/${id}`, { key })).status).toBe(200);
      const after = (frame: { id?: string }) => (f: { id?: string }) => Number(f.id) > Number(frame.id);
      const trashed = await stream.waitFor((f) => isFile('deleted', id!)(f) && after(restored)(f));
      expect((await s.request('DELETE', `/api/files/${id}?permanent=1`, { key })).status).toBe(200);
      const purged = await stream.waitFor((f) => isFile('deleted', id!)(f) && after(trashed)(f));
      expect(JSON.parse(purged.data!)).toEqual({ kind: 'deleted', file_id: id });
      stream.close();
    } finally {
      await s.close();
    }
  });
});

// The log keeps an hour of events by the machine's clock, which the triggers of `files` write. A bulk
// job's progress was written at the server's own clock: on a test server (its clock in 2026-06) the
// first prune, a minute after start, dropped it, and a job's progress read back was missing steps.
describe('pruning the event log', () => {
  it("keeps a bulk job's progress written under the server's own clock, and drops what is older than an hour", async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const s = await startServer();
    try {
      await s.addAccount('prune', 'prune-password', 1);
      await appendJobEvent(s.app.db, 1, 7, { state: 'running' });
      await s.app.db.run("INSERT INTO file_events (account_id, file_id, kind, changes, created_at) VALUES (1, 8, 'job', '{}', ?)", [
        Date.now() - 2 * 60 * 60_000,
      ]);
      const jobs = async () =>
        (await s.app.db.all<{ file_id: number }>("SELECT file_id FROM file_events WHERE kind = 'job' ORDER BY id")).map((e) =>
          Number(e.file_id),
        );
      expect(await jobs()).toEqual([7, 8]);
      vi.advanceTimersByTime(60_000); // the prune's turn
      await vi.waitFor(async () => expect(await jobs()).toEqual([7]));
    } finally {
      vi.useRealTimers();
      await s.close();
    }
  });
});
