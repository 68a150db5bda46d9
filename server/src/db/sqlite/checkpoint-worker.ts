import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

/**
 * The serving node's WAL checkpoints, in a thread of their own (see WalCheckpointer): a PASSIVE
 * checkpoint copies the committed frames into the database file and syncs it while the writer goes
 * on appending; a checkpoint that finds the database busy just waits for the next tick.
 */
const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const db = new BetterSqlite3(file, { fileMustExist: true });
db.pragma('busy_timeout = 0');

const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // SQLITE_BUSY (another checkpoint, a CLI's exclusive step): the next tick tries again.
  }
}, intervalMs);

parentPort!.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
