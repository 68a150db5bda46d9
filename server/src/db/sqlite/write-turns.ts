import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processIsAlive } from '../storage-journal';

/** How many connections of this process wait for each database's write lock (several SqliteDb may share a file). */
const waitingHere = new Map<string, number>();

/**
 * Turns at SQLite's write lock between processes. SQLite queues no one: a connection that finds the
 * database locked tries again on a timer, and a CLI seed that frees the lock for 10 ms between its
 * batches could take it again before a starved server's timer fired (beside a CPU hog, one of a
 * server's reads waited 3.5 s behind a seed). So a connection that waits says so with a file beside the
 * database (`vp.db-waiting-<pid>`, gone when it is served), and a seed gives way to it before its next batch.
 */
export class WriteTurns {
  readonly #dir: string;
  readonly #prefix: string;
  readonly #mine: string;

  constructor(databaseFile: string) {
    this.#dir = path.dirname(databaseFile);
    this.#prefix = `${path.basename(databaseFile)}-waiting-`;
    this.#mine = path.join(this.#dir, `${this.#prefix}${process.pid}`);
  }

  /** This process waits for the write lock until the returned function is called (once). */
  wait(): () => void {
    const waiting = waitingHere.get(this.#mine) ?? 0;
    waitingHere.set(this.#mine, waiting + 1);
    if (!waiting) {
      try {
        fs.writeFileSync(this.#mine, '');
      } catch {
        // A folder this process cannot write to: it waits without asking for a turn, as before.
      }
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const still = waitingHere.get(this.#mine)! - 1;
      if (still) waitingHere.set(this.#mine, still);
      else {
        waitingHere.delete(this.#mine);
        fs.rmSync(this.#mine, { force: true });
      }
    };
  }

  /** Waits while a connection of another live process waits for the write lock, for at most `maxMs`. */
  async giveWay(maxMs: number): Promise<void> {
    const until = Date.now() + maxMs;
    while (this.othersWaiting() && Date.now() < until) await sleep(2);
  }

  /** Whether a connection of another live process waits for the write lock now. */
  othersWaiting(): boolean {
    let names: string[];
    try {
      names = fs.readdirSync(this.#dir);
    } catch {
      return false;
    }
    return names.some((name) => {
      if (!name.startsWith(this.#prefix)) return false;
      const pid = Number(name.slice(this.#prefix.length));
      if (pid === process.pid) return false;
      if (processIsAlive(pid)) return true;
      fs.rmSync(path.join(this.#dir, name), { force: true }); // left by a process that ended while it waited
      return false;
    });
  }
}
