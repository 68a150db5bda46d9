import type { ApiKeyJson, ApiKeyScope } from '../../../src/contract/api-key';
import { isUniqueViolation, type Db } from './engine';

const DAY_MS = 86_400_000;
/** Keys one read of liveHashes looks up (an IN list of this many parameters). */
const KEYS_PER_READ = 500;

/** A key as stored, without its hash. Times in ms since the epoch. */
export interface ApiKeyRow {
  key_id: number;
  account_id: number;
  name: string;
  scope: ApiKeyScope;
  created_at: number;
  expires_at: number | null;
  /** The start of the UTC day of the last use. */
  last_used_at: number | null;
}

export class ApiKeyNameTakenError extends Error {
  constructor(name: string) {
    super(`An API key named "${name}" already exists`);
  }
}

export class TooManyApiKeysError extends Error {}

const COLUMNS = 'key_id, account_id, name, scope, created_at, expires_at, last_used_at';

const toRow = (row: ApiKeyRow): ApiKeyRow => ({
  ...row,
  key_id: Number(row.key_id),
  account_id: Number(row.account_id),
  created_at: Number(row.created_at),
  expires_at: row.expires_at === null ? null : Number(row.expires_at),
  last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
});

/** The start of the UTC day of `at`: a key's last use is kept at this precision. */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/** A key as the API shows it. */
export const apiKeyJson = (row: ApiKeyRow): ApiKeyJson => ({
  id: row.key_id,
  name: row.name,
  scope: row.scope,
  created_at: new Date(row.created_at).toISOString(),
  last_used_on: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString().slice(0, 10),
  expires_at: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
});

/** Whether a key can be used at `now`. */
export const apiKeyLive = (row: ApiKeyRow, now: number): boolean => row.expires_at === null || now < row.expires_at;

/**
 * The api_keys table's one reader and writer: accounts' API keys, stored as their SHA-256 only (as
 * sessions and worker tokens are), so the database never holds a usable key. A key is looked up at
 * every request, so one revoked (its row deleted) is refused at once on every node.
 */
export class ApiKeysRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * A new key of the account. ApiKeyNameTakenError when the account has a key of that name (also one
   * created at the same moment), TooManyApiKeysError when it has `max` keys already.
   */
  async create(
    key: { accountId: number; name: string; scope: ApiKeyScope; expiresAt: number | null },
    keyHash: Buffer,
    now: number,
    max: number,
  ): Promise<ApiKeyRow> {
    try {
      return await this.#db.transaction(async (tx) => {
        const held = await tx.get<{ n: number }>('SELECT count(*) AS n FROM api_keys WHERE account_id = ?', [key.accountId]);
        if (Number(held!.n) >= max) throw new TooManyApiKeysError();
        await tx.run('INSERT INTO api_keys (account_id, name, scope, key_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
          key.accountId,
          key.name,
          key.scope,
          keyHash,
          now,
          key.expiresAt,
        ]);
        return toRow((await tx.get<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ?`, [keyHash]))!);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiKeyNameTakenError(key.name);
      throw err;
    }
  }

  /** The account's keys, oldest first. */
  async list(accountId: number): Promise<ApiKeyRow[]> {
    return (await this.#db.all<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE account_id = ? ORDER BY key_id`, [accountId])).map(toRow);
  }

  /** The key with this hash (expired ones too); undefined for an unknown or revoked one. */
  async find(keyHash: Buffer): Promise<ApiKeyRow | undefined> {
    const row = await this.#db.get<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = ?`, [keyHash]);
    return row && toRow(row);
  }

  /** The hashes among `keyHashes` of keys that exist and have not expired at `now`. */
  async liveHashes(keyHashes: readonly Buffer[], now: number): Promise<Buffer[]> {
    const live: Buffer[] = [];
    for (let i = 0; i < keyHashes.length; i += KEYS_PER_READ) {
      const chunk = keyHashes.slice(i, i + KEYS_PER_READ);
      const rows = await this.#db.all<{ key_hash: Buffer }>(
        `SELECT key_hash FROM api_keys WHERE (expires_at IS NULL OR expires_at > ?) AND key_hash IN (${chunk.map(() => '?').join(', ')})`,
        [now, ...chunk],
      );
      live.push(...rows.map((r) => Buffer.from(r.key_hash)));
    }
    return live;
  }

  /** Records a use on the day of `now`, unless one is recorded for that day already (by any node): one write a day. */
  async used(keyId: number, now: number): Promise<void> {
    const day = dayOf(now);
    await this.#db.run('UPDATE api_keys SET last_used_at = ? WHERE key_id = ? AND (last_used_at IS NULL OR last_used_at < ?)', [
      day,
      keyId,
      day,
    ]);
  }

  /** Revokes (deletes) one of the account's keys; false when it has no such key. */
  async revoke(accountId: number, keyId: number): Promise<boolean> {
    return (await this.#db.run('DELETE FROM api_keys WHERE key_id = ? AND account_id = ?', [keyId, accountId])) === 1;
  }
}
