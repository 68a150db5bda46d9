import { isUniqueViolation, type Db } from './engine';

/** A named worker token as listed: never its hash. Times in ms since the epoch. */
export interface WorkerTokenRow {
  name: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export class WorkerTokenNameTakenError extends Error {
  constructor(name: string) {
    super(`A worker token named "${name}" already exists (a revoked token keeps its name).`);
  }
}

const toRow = (row: WorkerTokenRow): WorkerTokenRow => ({
  name: row.name,
  created_at: Number(row.created_at),
  last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
  revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
});

/**
 * The worker_tokens table's one reader and writer: the named tokens of the pipeline API's workers,
 * stored as their SHA-256 only (as sessions store API keys), so the database never holds a usable token.
 */
export class WorkerTokensRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** WorkerTokenNameTakenError when the name is taken, also by a creation racing this one. */
  async create(name: string, tokenHash: Buffer, now: number): Promise<void> {
    try {
      await this.#db.run('INSERT INTO worker_tokens (name, token_hash, created_at) VALUES (?, ?, ?)', [name, tokenHash, now]);
    } catch (err) {
      if (isUniqueViolation(err)) throw new WorkerTokenNameTakenError(name);
      throw err;
    }
  }

  /** Every token, revoked ones too, by name. */
  async list(): Promise<WorkerTokenRow[]> {
    const rows = await this.#db.all<WorkerTokenRow>('SELECT name, created_at, last_used_at, revoked_at FROM worker_tokens ORDER BY name');
    return rows.map(toRow);
  }

  /** The name of the live (not revoked) token with this hash; undefined for an unknown or revoked one. */
  async liveName(tokenHash: Buffer): Promise<string | undefined> {
    const row = await this.#db.get<{ name: string }>('SELECT name FROM worker_tokens WHERE token_hash = ? AND revoked_at IS NULL', [
      tokenHash,
    ]);
    return row?.name;
  }

  /** Records a use at `now`, unless one `minGapMs` ago or later is recorded already (by any node). */
  async used(name: string, now: number, minGapMs: number): Promise<void> {
    await this.#db.run('UPDATE worker_tokens SET last_used_at = ? WHERE name = ? AND (last_used_at IS NULL OR last_used_at <= ?)', [
      now,
      name,
      now - minGapMs,
    ]);
  }

  /** Revokes a live token; false when there is no such token or it is revoked already. */
  async revoke(name: string, now: number): Promise<boolean> {
    return (await this.#db.run('UPDATE worker_tokens SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL', [now, name])) === 1;
  }
}
