import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { tuneConnection } from './pragmas';
import { registerFunctions } from './search-words';
import { threadError, type ThreadReply } from './thread-channel';
import type { WriterRequest, WriterThreadData } from './writer-thread';

/**
 * The writer thread: a second read-write connection that runs the statements of the transactions it
 * is sent (see WriterThread). Its waits (for the lock another process holds, for a slow disk) block
 * this thread only. The triggers call vp_search_words, so the connection registers it as the main one does.
 */
const { file, busyWaitMs, ownCheckpoints } = workerData as WriterThreadData;
const db = new BetterSqlite3(file, { fileMustExist: true });
db.pragma(`busy_timeout = ${busyWaitMs}`);
tuneConnection(db);
// The serving node's checkpoint thread checkpoints for every connection; otherwise SQLite's own.
if (!ownCheckpoints) db.pragma('wal_autocheckpoint = 0');
registerFunctions(db);
const statements = new Map<string, Statement>();
const port = parentPort!;

const statement = (sql: string): Statement => {
  let s = statements.get(sql);
  if (!s) {
    s = db.prepare(sql);
    statements.set(sql, s);
  }
  return s;
};

// A Buffer parameter arrives as a Uint8Array (structured clone); SQLite binds Buffers as blobs.
const bound = (params: readonly unknown[]) => params.map((p) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p) : p));

function handle(request: WriterRequest): unknown {
  switch (request.kind) {
    case 'exec':
      db.exec(request.sql);
      return null;
    case 'all':
      return statement(request.sql).all(...bound(request.params));
    case 'get':
      return statement(request.sql).get(...bound(request.params));
    case 'run':
      return statement(request.sql).run(...bound(request.params)).changes;
  }
}

port.on('message', (request: WriterRequest | 'close') => {
  if (request === 'close') {
    db.close();
    port.close();
    return;
  }
  let reply: ThreadReply;
  try {
    reply = { id: request.id, result: handle(request) };
  } catch (err) {
    reply = { id: request.id, error: threadError(err) };
  }
  port.postMessage(reply);
});
