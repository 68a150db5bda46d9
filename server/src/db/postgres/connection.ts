import pg from 'pg';
import type { SubtitleStore } from '../subtitle-store';
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
import { databaseRateLimitStore } from '../rate-limit-store';
import { CLI_APPLICATION_NAME, SERVER_APPLICATION_NAME } from './application-names';
import { FILE_EVENTS_CHANNEL, listenForFileEvents, SESSIONS_ENDED_CHANNEL } from './file-event-listener';
import { pgServerConnections } from './in-use';
import { PgLister } from './file-lister';
import { analyzePgFiles, insertPgSampleBatch, seedPgFiles } from './seed-files';
import { PgSubtitleStore } from './subtitle-store';

// bigint columns (ids, millisecond times) and count(*) come back as numbers, not strings: every value
// the server stores is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Errors that mean "PostgreSQL cannot be reached now", not "this query is wrong". */
export function isUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  if (UNAVAILABLE_CODES.has(code)) return true;
  // SQLSTATE 08xxx connection exceptions, 57P0x shutdown / cannot connect now, 53300 too many connections,
  // 57014 a statement cancelled by statement_timeout, 55P03 a lock not granted within lock_timeout.
  if (/^(08|57P0)/.test(code) || ['53300', '57014', '55P03'].includes(code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client was closed|connection is insecure|Query read timeout/i.test(
    String(e?.message ?? ''),
  );
}

/** A deadlock or a serialization failure: PostgreSQL rolled the work back, and the same work may simply run again. */
const isTransient = (err: unknown): boolean => ['40P01', '40001'].includes(String((err as { code?: unknown } | null)?.code ?? ''));

/** Runs `work`, and once more when PostgreSQL chose it as a deadlock's victim: the client never sees that 500. */
async function retriedOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isTransient(err)) throw err;
    return work();
  }
}

/** `?` placeholders become `$1, $2, …` (the shared SQL never has a literal question mark). */
const numbered = new Map<string, string>();
function toPg(sql: string): string {
  let out = numbered.get(sql);
  if (out === undefined) {
    let n = 0;
    out = sql.replace(/\?/g, () => `$${++n}`);
    numbered.set(sql, out);
  }
  return out;
}

/**
 * The time limits of a serving node: a request waits a few seconds at most, then gets a 503, whatever
 * the database does. PostgreSQL cancels a statement or a lock wait itself; a server that does not answer
 * at all (frozen, or a network that drops packets) is given up by the client, and that connection dropped.
 */
export const REQUEST_TIMEOUTS = { statementMs: 3_000, lockMs: 2_000, answerMs: 3_500, connectMs: 3_000 } as const;

type PgQueryable = Pick<pg.Pool, 'query'>;

/** `answerMs`: give up waiting for an answer after this long (0: wait as long as it takes). */
function queryable(target: PgQueryable, answerMs: number): Queryable {
  const query = async <T>(sql: string, params: readonly SqlValue[] = []): Promise<pg.QueryResult<T & pg.QueryResultRow>> => {
    try {
      // query_timeout: pg's own client-side limit (it drops the connection), missing from its types.
      const config: pg.QueryConfig & { query_timeout?: number } = { text: toPg(sql), values: params as unknown[] };
      if (answerMs) config.query_timeout = answerMs;
      return await target.query<T & pg.QueryResultRow>(config);
    } catch (err) {
      throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
    }
  };
  return {
    all: async (sql, params) => (await query(sql, params)).rows as never,
    get: async (sql, params) => (await query(sql, params)).rows[0] as never,
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
  };
}

export interface PgOptions {
  /** Connections of this node (default 10). */
  poolSize?: number;
  /**
   * A serving node: its time limits (REQUEST_TIMEOUTS), and connections named SERVER_APPLICATION_NAME.
   * Off for the CLI, whose seeds run for minutes and whose connections are named CLI_APPLICATION_NAME.
   */
  serving?: boolean;
  list?: ListOptions;
}

/**
 * PostgreSQL behind the async `Db` interface: a pool of connections. A node that loses the database
 * answers 503 while it is gone (the pool drops broken connections and opens new ones when asked), and
 * recovers by itself. Several nodes share the database: rows are locked as they are read for a change,
 * named locks are advisory locks, file events wake every node through LISTEN/NOTIFY, and the rate
 * limit counts in a table.
 */
export class PgDb implements Db {
  readonly pool: pg.Pool;
  /** Where the pool connects: a node's dedicated LISTEN connection goes there too. */
  readonly url: string;
  readonly #q: Queryable;
  readonly #answerMs: number;
  readonly lister: PgLister;
  readonly dialect: SqlDialect = {
    forUpdate: ' FOR UPDATE',
    skipLocked: ' FOR UPDATE SKIP LOCKED',
    forShare: ' FOR SHARE',
    isNotDistinctFrom: 'IS NOT DISTINCT FROM',
    newFileId: { column: '', value: '' }, // the identity column's sequence
  };
  readonly seeder: FileSeeder = {
    serversUsing: () => pgServerConnections(this),
    offline: (accountId, count, now, views) => seedPgFiles(this, accountId, count, now, views),
    batch: (batch) => insertPgSampleBatch(this, batch),
    settle: () => analyzePgFiles(this),
  };
  readonly fileEvents: FileEventSignal = {
    listen: (wake, onError, sessionsEnded) => listenForFileEvents(this.url, { wake, sessionsEnded }, onError),
    notify: async () => {
      await this.run(`SELECT pg_notify('${FILE_EVENTS_CHANNEL}', '')`);
    },
    notifySessionsEnded: async () => {
      await this.run(`SELECT pg_notify('${SESSIONS_ENDED_CHANNEL}', '')`);
    },
    // Wake-ups carry the news; the poll only covers a lost one. Ids of transactions that commit out of
    // order leave gaps for a moment.
    pollMs: 2_000,
    gapWaitMs: 500,
  };
  readonly rateLimitStore = databaseRateLimitStore(this);
  // A bulk job's batches hold only their rows (and their account's counters), never the event loop, and
  // cost ~2–3× more per file in batches of 20 files than of 150 (each batch's commit and round trips):
  // ~100 ms transactions, no pauses.
  readonly jobPacing: JobPacing = { batchMs: 100, pauseMs: 0, pauseShare: 0 };

  constructor(url: string, options: PgOptions = {}) {
    this.url = url;
    const limits = options.serving ? REQUEST_TIMEOUTS : null;
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: limits?.connectMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      application_name: options.serving ? SERVER_APPLICATION_NAME : CLI_APPLICATION_NAME,
      ...(limits ? { statement_timeout: limits.statementMs, lock_timeout: limits.lockMs } : {}),
    });
    // An idle connection that breaks (server restart) is dropped; the next query opens a new one.
    this.pool.on('error', () => {});
    this.#answerMs = limits?.answerMs ?? 0;
    this.#q = queryable(this.pool, this.#answerMs);
    this.lister = new PgLister(this, options.list);
  }

  async lock(tx: Queryable, name: string): Promise<void> {
    await tx.get('SELECT pg_advisory_xact_lock(hashtext(?))', [name]);
  }

  subtitleStore(dataDir: string): SubtitleStore {
    return new PgSubtitleStore(this, dataDir);
  }

  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    return retriedOnce(() => this.#q.all<T>(sql, params));
  }

  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    return retriedOnce(() => this.#q.get<T>(sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return retriedOnce(() => this.#q.run(sql, params));
  }

  /**
   * A connection of its own for `fn`, released (or dropped when broken) afterwards. `unlimited`: without
   * the statement and lock time limits, for work that takes as long as it takes (migrations, background
   * fills); its queries go straight to `client`, which has no time limit of its own.
   */
  async withClient<T>(fn: (client: pg.PoolClient) => Promise<T>, { unlimited = false } = {}): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
    }
    let broken: Error | undefined;
    try {
      if (!unlimited) return await fn(client);
      await client.query('SET statement_timeout = 0; SET lock_timeout = 0');
      const result = await fn(client);
      await client.query('RESET statement_timeout; RESET lock_timeout'); // back to the pool's limits
      return result;
    } catch (err) {
      // Dropped when broken, and when `unlimited` failed halfway (it may still be without limits).
      if (unlimited || isUnavailable(err) || err instanceof DatabaseUnavailableError) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Runs `fn` in a transaction; a deadlock or serialization failure runs it once more, from the start. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return retriedOnce(() => this.#transactionOnce(fn));
  }

  // A PostgreSQL transaction waits for its answers off the event loop anyway.
  backgroundTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.transaction(fn);
  }

  #transactionOnce<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      const tx = queryable(client, this.#answerMs);
      await tx.run('BEGIN');
      try {
        const result = await fn(tx);
        await tx.run('COMMIT');
        return result;
      } catch (err) {
        // A database that does not answer would not answer the ROLLBACK either: the connection is dropped
        // instead, and PostgreSQL rolls back when it notices.
        if (!(err instanceof DatabaseUnavailableError)) await client.query('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  }

  /** A statement without the request time limits (a background pass over a whole listing). */
  runUnlimited(sql: string, params?: readonly SqlValue[]): Promise<number> {
    return this.withClient((client) => queryable(client, 0).run(sql, params), { unlimited: true });
  }

  /** The list's background position fills first, then the pool. */
  async close(): Promise<void> {
    await this.lister.close();
    await this.pool.end();
  }
}
