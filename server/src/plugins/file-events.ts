import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileEventJson } from '../../../src/contract/file-event';
import type { FileJson } from '../../../src/contract/file';
import { FileEventsRepository, type StoredFileEvent } from '../db/file-events';
import { toFileJson, type FileRow } from '../db/files';
import { EventStreamRegistry } from '../lib/event-stream-registry';
import { FileEventHub, type DeliveredEvent } from '../lib/file-event-hub';
import { sessionEnded } from './authentication';

export interface FileEventsOptions {
  /** SQLite: how often the log is read (other processes write it too). */
  pollMs?: number | undefined;
}

/** Events are kept this long: a stream that was away longer starts over ('reset'). */
export const EVENT_RETENTION_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/**
 * The keys of the open streams are read this often: a stream ends within this time of its key's idle
 * or maximum age, or of a sign-out where no notification reaches the node (SQLite: another process).
 */
export const SESSION_CHECK_MS = 1_000;

/** A changed row's columns as the File JSON names them (the trash's deleted_at shows as the kind). */
function fileChanges(changes: Record<string, unknown>): Partial<FileJson> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(changes)) {
    if (column === 'deleted_at') continue;
    if (column === 'is_active') out.isActive = value ? 1 : 0;
    else out[column] = value;
  }
  return out;
}

/**
 * `app.fileEvents`: the node's one reader of the file event log and its fan-out to the event streams
 * (routes/file-events.ts). PostgreSQL wakes it by LISTEN/NOTIFY on one connection of its own;
 * SQLite, where a worker or the CLI may write from another process, has it read every `pollMs`.
 * Both prune events older than an hour. `app.eventStreams`: the node's open streams, capped per key
 * and per address, each ended when its key ends (a sign-out notifies every node the way events do).
 */
async function fileEvents(app: FastifyInstance, options: FileEventsOptions): Promise<void> {
  const log = new FileEventsRepository(app.db);
  const deliverable = async (events: StoredFileEvent[]): Promise<DeliveredEvent[]> => {
    const out: DeliveredEvent[] = [];
    for (const e of events) {
      if (e.kind === 'job') {
        // A bulk job's progress: file_id holds the job's id, changes the job as GET /api/jobs/:id shows it.
        out.push({ id: e.id, accountId: e.account_id, type: 'job', data: JSON.stringify(e.changes) });
        continue;
      }
      let payload: FileEventJson;
      if (e.kind === 'changed') payload = { kind: e.kind, file_id: e.file_id, changes: fileChanges(e.changes ?? {}) };
      else if (e.kind === 'deleted') payload = { kind: e.kind, file_id: e.file_id };
      else {
        // The file as it was added; an event written before the log kept it reads the row as it is now.
        const row = (e.changes as FileRow | null) ?? (await app.files.get(e.account_id, e.file_id));
        if (!row) continue; // deleted since: its 'deleted' event follows
        payload = { kind: e.kind, file_id: e.file_id, file: toFileJson(row, app.settings.trashDays) };
      }
      out.push({ id: e.id, accountId: e.account_id, type: 'file', data: JSON.stringify(payload) });
    }
    return out;
  };
  const signal = app.db.fileEvents;
  const hub = new FileEventHub(
    {
      latestId: () => log.latestId(),
      oldestId: () => log.oldestId(),
      after: (cursor, limit) => log.after(cursor, limit),
      forAccount: (accountId, after, upTo, limit) => log.forAccount(accountId, after, upTo, limit),
      deliverable,
    },
    {
      pollMs: signal.pollMs ?? options.pollMs ?? 200,
      gapWaitMs: signal.gapWaitMs,
      onError: (err) => app.log.warn({ err }, 'reading the file event log failed'),
      // The node reads the log (and holds any connection that wakes it) from its first stream on.
      onStart: () => {
        listening = signal.listen(
          () => hub.wake(),
          (err) => app.log.warn({ err }, 'file event LISTEN connection lost'),
          () => streams.check(),
        );
      },
    },
  );
  let listening: { close(): Promise<void> } | null = null;
  app.decorate('fileEvents', hub);
  const streams = new EventStreamRegistry({
    maxPerKey: app.settings.maxStreamsPerKey,
    maxPerAddress: app.settings.maxStreamsPerAddress,
    checkMs: SESSION_CHECK_MS,
    endedKeys: async (keyHashes) => {
      const sessions = new Map((await app.accounts.sessionsOf(keyHashes)).map((s) => [s.key_hash.toString('hex'), s]));
      const now = app.clock();
      return keyHashes.filter((keyHash) => sessionEnded(sessions.get(keyHash.toString('hex')), now, app.settings));
    },
    onError: (err) => app.log.warn({ err }, 'checking the sessions of the event streams failed'),
  });
  app.decorate('eventStreams', streams);

  const prune = setInterval(() => {
    log.prune(Date.now() - EVENT_RETENTION_MS).catch((err: unknown) => app.log.warn({ err }, 'pruning file events failed'));
  }, PRUNE_EVERY_MS);
  prune.unref();

  // Streams never end by themselves: they are closed before the server waits for its connections.
  app.addHook('preClose', async () => {
    clearInterval(prune);
    streams.close();
    hub.close();
    await listening?.close();
  });
}

export default fp(fileEvents, { name: 'file-events', dependencies: ['database'] });
