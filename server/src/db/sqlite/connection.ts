import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3, { type Database, type Statement } from 'better-sqlite3';
import { FileSubtitleStore, type SubtitleStore } from '../subtitle-store';
import {
  DatabaseUnavailableError,
  type Db,
  type FileEventSignal,
  type FileSeeder,
  type JobPacing,
  type ListOptions,
  type Queryable,
  type SqlDialect,
  type SqlValue,
} from '../engine';
import { WalCheckpointer } from './checkpointer';
import { isBusy } from './busy';
import { tuneConnection } from './pragmas';
import { WriterThread } from './writer-thread';
import { syncFileEventTriggers } from './file-event-triggers';
import { sqliteOtherProcesses } from './in-use';
import { SqliteLister } from './file-lister';
import { migrate } from './migrations';
import { registerFunctions } from './search-words';
import { NEXT_FILE_ID } from './next-file-id';
import { insertSqliteSampleBatch, seedSqliteFiles } from './seed-files';
import { WriteTurns } from './write-turns';

export const DB_FILE_NAME = 'vp.db';

/** The longest a seed's batch gives way to other processes waiting for the write lock: a seed beside a busy server still goes on. */
const SEED_GIVES_WAY_MS = 1000;

export interface SqliteOptions {
  /** How long a statement retries while another process holds the write lock, before a 503 (default 30 s). */
  busyWaitMs?: number;
  /** A serving node checkpoints the WAL in a thread of its own (its event loop serves requests); the CLI keeps SQLite's own. */
  checkpointInThread?: boolean;
  list?: ListOptions;
}

/**
 * The SQLite database behind the async `Db` interface: one writer connection, opened and migrated here,
 * with the list's read workers beside it. SQLite's own busy handler waits synchronously, which would
 * freeze every request while another process (the CLI) writes; here it is off, and a statement that
 * finds the database locked is retried on a timer instead, up to `busyWaitMs`, after which the request
 * gets a 503 (never a 500). Write transactions run one at a time, so row locks and named locks are
 * no-ops, and one process serves: no wake-ups for other nodes, no shared rate limit.
 */
export class SqliteDb implements Db {
  readonly native: Database;
  readonly file: string;
  /** True when this open created the database file (the demo seed runs only then). */
  readonly created: boolean;
  readonly #busyWaitMs: number;
  readonly #turns: WriteTurns;
  readonly #statements = new Map<string, Statement>();
  /** Transactions run one at a time; single statements wait while one is open. */
  #queue: Promise<void> = Promise.resolve();
  #txOpen = false;
  readonly #tx: Queryable = {
    all: async (sql, params) => this.#statement(sql).all(...(params ?? [])) as never[],
    get: async (sql, params) => this.#statement(sql).get(...(params ?? [])) as never,
    run: async (sql, params) => this.#statement(sql).run(...(params ?? [])).changes,
  };

  readonly lister: SqliteLister;
  readonly #checkpointer: WalCheckpointer | null;
  readonly #writerThread: WriterThread;
  readonly dialect: SqlDialect = {
    forUpdate: '',
    skipLocked: '',
    forShare: '',
    isNotDistinctFrom: 'IS',
    // SQLite would reuse a purged file's id (max + 1): see next-file-id.ts.
    newFileId: { column: 'file_id, ', value: `(${NEXT_FILE_ID}), ` },
  };
  readonly seeder: FileSeeder = {
    serversUsing: async () => sqliteOtherProcesses(this.file),
    offline: (accountId, count, now, views) => this.withNative((native) => seedSqliteFiles(native, accountId, count, now, views)),
    batch: async (batch) => {
      await this.#turns.giveWay(SEED_GIVES_WAY_MS);
      return this.withNative((native) => insertSqliteSampleBatch(native, batch));
    },
    settle: async () => {},
  };
  readonly #sessionsEnded = new Set<() => void>();
  // A worker or the CLI writes from another process: the log is polled, and so are the sessions of open
  // streams (a sign-out in this process ends its streams at once; one elsewhere at their next check).
  readonly fileEvents: FileEventSignal = {
    listen: (_wake, _onError, sessionsEnded) => {
      this.#sessionsEnded.add(sessionsEnded);
      return { close: async () => void this.#sessionsEnded.delete(sessionsEnded) };
    },
    notify: async () => {},
    notifySessionsEnded: async () => {
      for (const sessionsEnded of this.#sessionsEnded) sessionsEnded();
    },
    pollMs: null,
    gapWaitMs: 0,
  };
  readonly rateLimitStore = null;
  // A bulk job's batches run on the writer thread, so the event loop serves requests meanwhile; a batch
  // holds the write lock (and the main connection's transactions wait in line) for about batchMs.
  readonly jobPacing: JobPacing = { batchMs: 100, pauseMs: 0, pauseShare: 0 };

  constructor(dataDir: string, options: SqliteOptions = {}) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, DB_FILE_NAME);
    this.created = !fs.existsSync(this.file);
    this.#turns = new WriteTurns(this.file);
    this.#busyWaitMs = options.busyWaitMs ?? 30_000;
    this.native = new BetterSqlite3(this.file);
    // Migrating at start may wait for a CLI that is writing: that wait happens before serving.
    this.native.pragma('busy_timeout = 10000');
    tuneConnection(this.native);
    registerFunctions(this.native);
    migrate(this.native);
    syncFileEventTriggers(this.native);
    this.native.pragma('busy_timeout = 0');
    this.lister = new SqliteLister(this.file, options.list);
    this.#checkpointer = options.checkpointInThread ? new WalCheckpointer(this.native, this.file) : null;
    this.#writerThread = new WriterThread({ file: this.file, busyWaitMs: this.#busyWaitMs, ownCheckpoints: !this.#checkpointer });
  }

  async lock(): Promise<void> {}

  subtitleStore(dataDir: string): SubtitleStore {
    return new FileSubtitleStore(dataDir);
  }

  #statement(sql: string): Statement {
    let s = this.#statements.get(sql);
    if (!s) {
      s = this.native.prepare(sql);
      this.#statements.set(sql, s);
    }
    return s;
  }

  /**
   * Runs a synchronous step, retrying it on a timer while another process holds the write lock; while it
   * waits, a seed in another process gives way to it between its batches (write-turns.ts).
   */
  async #retryBusy<T>(step: () => T): Promise<T> {
    const started = Date.now();
    let leave: (() => void) | undefined;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return step();
        } catch (err) {
          if (!isBusy(err)) throw err;
          if (Date.now() - started >= this.#busyWaitMs) throw new DatabaseUnavailableError(err);
          leave ??= this.#turns.wait();
          // At most 8 ms between tries: a CLI seed frees the lock for 10 ms between its batches, longer while this waits.
          await sleep(Math.min(2 ** attempt, 8));
        }
      }
    } finally {
      leave?.();
    }
  }

  async #single<T>(step: () => T): Promise<T> {
    if (this.#txOpen) return this.#exclusive(() => this.#retryBusy(step));
    return this.#retryBusy(step);
  }

  async #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }

  all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.#single(() => this.#statement(sql).all(...params) as T[]);
  }

  get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return this.#single(() => this.#statement(sql).get(...params) as T | undefined);
  }

  run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    return this.#single(() => this.#statement(sql).run(...params).changes);
  }

  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#retryBusy(() => this.native.exec('BEGIN IMMEDIATE'));
      this.#txOpen = true;
      try {
        const result = await fn(this.#tx);
        this.native.exec('COMMIT');
        return result;
      } catch (err) {
        if (this.native.inTransaction) this.native.exec('ROLLBACK');
        throw err;
      } finally {
        this.#txOpen = false;
      }
    });
  }

  /**
   * The writer thread's transaction takes its turn among this connection's (they wait for it in line,
   * not on SQLite's lock); single statements meanwhile run here, reads at once and writes retried while it holds the lock.
   */
  backgroundTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.#exclusive(() => this.#writerThread.transaction(fn));
  }

  /** Runs synchronous work on the connection (bulk seeding) in line with the transactions, retried while locked. */
  withNative<T>(work: (native: Database) => T): Promise<T> {
    return this.#exclusive(() => this.#retryBusy(() => work(this.native)));
  }

  /** The list's readers first, then the writers, then the checkpoint thread (closing the last connection checkpoints). */
  async close(): Promise<void> {
    await this.lister.close();
    await this.#exclusive(async () => {
      await this.#writerThread.close();
      this.native.close();
    });
    await this.#checkpointer?.close();
  }
}
