import { setImmediate as yieldToMessages } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { tuneConnection } from './pragmas';
import { SqliteListPlanner } from './list-planner';
import type { ReadWorkerData, WorkerRequest } from './read-pool';
import { threadError, type ThreadReply } from './thread-channel';

/**
 * One read worker: its own read-only connection (WAL lets it read beside the writer and beside other
 * workers) and its own list planner with its own position cache. A wait for a lock blocks this
 * thread only, never the server's event loop.
 */
const { file, planner } = workerData as ReadWorkerData;
const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
tuneConnection(db);
const list = new SqliteListPlanner(db, planner);
const port = parentPort!;

/** Fills the position cache of the accounts whose files changed since it was last filled. */
async function warm(): Promise<boolean> {
  // 4 ms slices with a turn of the event loop between them, so list requests are served meanwhile.
  while (!list.warmPositions()) await yieldToMessages();
  return true;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'list':
      return list.list(request.accountId, request.query);
    case 'warm':
      return warm();
    case 'close':
      db.close();
      return true;
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, result } satisfies ThreadReply),
    (err: unknown) => port.postMessage({ id: request.id, error: threadError(err) } satisfies ThreadReply),
  );
});
