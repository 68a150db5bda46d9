import pg from 'pg';
import { DatabaseUnavailableError, type Db, type Queryable, type SqlValue } from '../engine';

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
  // SQLSTATE 08xxx connection exceptions, 57P0x shutdown / cannot connect now, 53300 too many connections.
  if (/^(08|57P0)/.test(code) || code === '53300') return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client was closed|connection is insecure/i.test(
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

type PgQueryable = Pick<pg.Pool, 'query'>;

function queryable(target: PgQueryable): Queryable {
  const query = async <T>(sql: string, params: readonly SqlValue[] = []): Promise<pg.QueryResult<T & pg.QueryResultRow>> => {
    try {
      return await target.query<T & pg.QueryResultRow>(toPg(sql), params as unknown[]);
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
}

/**
 * PostgreSQL behind the async `Db` interface: a pool of connections. A node that loses the database
 * answers 503 while it is gone (the pool drops broken connections and opens new ones when asked), and
 * recovers by itself.
 */
export class PgDb implements Db {
  readonly engine = 'postgres';
  readonly pool: pg.Pool;
  readonly #q: Queryable;

  constructor(url: string, options: PgOptions = {}) {
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'vp-admin-kit',
    });
    // An idle connection that breaks (server restart) is dropped; the next query opens a new one.
    this.pool.on('error', () => {});
    this.#q = queryable(this.pool);
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

  /** A connection of its own for `fn`, released (or dropped when broken) afterwards. */
  async withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (err) {
      throw isUnavailable(err) ? new DatabaseUnavailableError(err) : err;
    }
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (err) {
      if (isUnavailable(err) || err instanceof DatabaseUnavailableError) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /** Runs `fn` in a transaction; a deadlock or serialization failure runs it once more, from the start. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return retriedOnce(() => this.#transactionOnce(fn));
  }

  #transactionOnce<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      const tx = queryable(client);
      await tx.run('BEGIN');
      try {
        const result = await fn(tx);
        await tx.run('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
