import type { Db, Queryable } from './engine';

export interface AccountRow {
  account_id: number;
  username: string;
  password_hash: string;
  created_at: number;
}

export interface SessionRow {
  key_hash: Buffer;
  account_id: number;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

/** Accounts and their sessions (API keys, by hash). */
export class AccountsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Usernames are unique without regard to case. */
  findByUsername(username: string, q: Queryable = this.#db): Promise<AccountRow | undefined> {
    return q.get<AccountRow>('SELECT * FROM accounts WHERE lower(username) = lower(?)', [username]);
  }

  findById(accountId: number, q: Queryable = this.#db): Promise<AccountRow | undefined> {
    return q.get<AccountRow>('SELECT * FROM accounts WHERE account_id = ?', [accountId]);
  }

  /** Creates the account, or sets the password of an existing one; returns its id. */
  upsert(username: string, passwordHash: string, now: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const existing = await this.findByUsername(username, tx);
      if (existing) {
        await tx.run('UPDATE accounts SET password_hash = ? WHERE account_id = ?', [passwordHash, existing.account_id]);
        return existing.account_id;
      }
      const row = await tx.get<{ account_id: number }>(
        'INSERT INTO accounts (username, password_hash, created_at) VALUES (?, ?, ?) RETURNING account_id',
        [username, passwordHash, now],
      );
      return row!.account_id;
    });
  }

  async setPassword(accountId: number, passwordHash: string): Promise<void> {
    await this.#db.run('UPDATE accounts SET password_hash = ? WHERE account_id = ?', [passwordHash, accountId]);
  }

  async createSession(accountId: number, keyHash: Buffer, now: number): Promise<void> {
    await this.#db.run('INSERT INTO sessions (key_hash, account_id, created_at, last_used_at) VALUES (?, ?, ?, ?)', [
      keyHash,
      accountId,
      now,
      now,
    ]);
  }

  findSession(keyHash: Buffer): Promise<SessionRow | undefined> {
    return this.#db.get<SessionRow>('SELECT * FROM sessions WHERE key_hash = ?', [keyHash]);
  }

  async touchSession(keyHash: Buffer, now: number): Promise<void> {
    await this.#db.run('UPDATE sessions SET last_used_at = ? WHERE key_hash = ?', [now, keyHash]);
  }

  async revokeSession(keyHash: Buffer, now: number): Promise<void> {
    await this.#db.run('UPDATE sessions SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL', [now, keyHash]);
  }

  revokeAllSessions(accountId: number, now: number): Promise<number> {
    return this.#db.run('UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL', [now, accountId]);
  }

  /** Drops sessions that can no longer be used, so the table does not grow forever. */
  async purgeSessions(expiredBefore: number, idleBefore: number): Promise<void> {
    await this.#db.run('DELETE FROM sessions WHERE revoked_at IS NOT NULL OR created_at < ? OR last_used_at < ?', [
      expiredBefore,
      idleBefore,
    ]);
  }
}
