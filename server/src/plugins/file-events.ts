import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileEventsRepository } from '../db/file-events';
import { EventStreamRegistry } from '../events/event-stream-registry';
import { FileEventHub } from '../events/file-event-hub';
import { deliverableEvents } from '../events/file-event-payloads';
import { storedChapters } from '../subtitles/stored-chapters';
import { sessionEnded } from './authentication';

export interface FileEventsOptions {
  /** SQLite: how often the log is read (other processes write it too). */
  pollMs?: number | undefined;
}

/** Events are kept this long: a stream that was away longer starts over ('reset'). */
export const EVENT_RETENTION_MS = 60 * 60_000;
/**
 * Events the webhooks' outbox has not copied yet are kept this long (decision D79): a day, as long as
 * a delivery is retried, so that a dispatcher stalled on every node loses nothing it can still send
 * once it is back, while the log cannot grow without end.
 */
export const OUTBOX_HOLD_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/**
 * The keys of the open streams are read this often: a stream ends within this time of its key's idle
 * or maximum age, or of a sign-out where no notification reaches the node (SQLite: another process).
 */
export const SESSION_CHECK_MS = 1_000;

/**
 * `app.fileEvents`: the node's one reader of the file event log and its fan-out to the event streams
 * (routes/file-events.ts). PostgreSQL wakes it by LISTEN/NOTIFY on one connection of its own;
 * SQLite, where a worker or the CLI may write from another process, has it read every `pollMs`.
 * Both prune events older than an hour, but for those the webhooks' outbox has yet to copy (up to a
 * day). `app.eventStreams`: the node's open streams, capped per key and per address, each ended when
 * its key ends (a sign-out notifies every node the way events do).
 */
async function fileEvents(app: FastifyInstance, options: FileEventsOptions): Promise<void> {
  const log = new FileEventsRepository(app.db);
  const signal = app.db.fileEvents;
  const hub = new FileEventHub(
    {
      latestId: () => log.latestId(),
      oldestId: () => log.oldestId(),
      after: (cursor, limit) => log.after(cursor, limit),
      forAccount: (accountId, after, upTo, limit) => log.forAccount(accountId, after, upTo, limit),
      deliverable: (events) =>
        deliverableEvents(events, {
          readFile: (accountId, fileId) => app.files.get(accountId, fileId),
          chapterCount: async (accountId, fileId) => {
            const track = await app.subtitles.chaptersOf(accountId, fileId);
            return (track && (await storedChapters(app.store, track))?.length) ?? 0;
          },
          trashDays: app.settings.trashDays,
        }),
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
      // A hash no session has may be an account API key's (D55): ended when revoked or expired.
      const others = keyHashes.filter((keyHash) => !sessions.has(keyHash.toString('hex')));
      const liveKeys = new Set((await app.apiKeys.liveHashes(others, now)).map((keyHash) => keyHash.toString('hex')));
      return keyHashes.filter((keyHash) => {
        const hex = keyHash.toString('hex');
        return sessions.has(hex) ? sessionEnded(sessions.get(hex), now, app.settings) : !liveKeys.has(hex);
      });
    },
    onError: (err) => app.log.warn({ err }, 'checking the sessions of the event streams failed'),
  });
  app.decorate('eventStreams', streams);

  const prune = setInterval(() => {
    log
      .prune(Date.now() - EVENT_RETENTION_MS, Date.now() - OUTBOX_HOLD_MS)
      .then(({ uncopied }) => {
        if (uncopied)
          app.log.error({ uncopied }, 'file events the webhook outbox never copied were pruned after a day: their webhooks are lost');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'pruning file events failed'));
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
