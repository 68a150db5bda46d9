import type { Database } from 'better-sqlite3';

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

/** Accounts, their sessions (API keys, by hash) and the sign-in failure log. */
export class AccountsRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  findByUsername(username: string): AccountRow | undefined {
    return this.#db.prepare('SELECT * FROM accounts WHERE username = ?').get(username) as AccountRow | undefined;
  }

  findById(accountId: number): AccountRow | undefined {
    return this.#db.prepare('SELECT * FROM accounts WHERE account_id = ?').get(accountId) as AccountRow | undefined;
  }

  /** Creates the account, or sets the password of an existing one; returns its id. */
  upsert(username: string, passwordHash: string, now: number): number {
    return this.#db.transaction(() => {
      const existing = this.findByUsername(username);
      if (existing) {
        this.#db.prepare('UPDATE accounts SET password_hash = ? WHERE account_id = ?').run(passwordHash, existing.account_id);
        return existing.account_id;
      }
      const info = this.#db
        .prepare('INSERT INTO accounts (username, password_hash, created_at) VALUES (?, ?, ?)')
        .run(username, passwordHash, now);
      return Number(info.lastInsertRowid);
    }).immediate();
  }

  setPassword(accountId: number, passwordHash: string): void {
    this.#db.prepare('UPDATE accounts SET password_hash = ? WHERE account_id = ?').run(passwordHash, accountId);
  }

  createSession(accountId: number, keyHash: Buffer, now: number): void {
    this.#db
      .prepare('INSERT INTO sessions (key_hash, account_id, created_at, last_used_at) VALUES (?, ?, ?, ?)')
      .run(keyHash, accountId, now, now);
  }

  findSession(keyHash: Buffer): SessionRow | undefined {
    return this.#db.prepare('SELECT * FROM sessions WHERE key_hash = ?').get(keyHash) as SessionRow | undefined;
  }

  touchSession(keyHash: Buffer, now: number): void {
    this.#db.prepare('UPDATE sessions SET last_used_at = ? WHERE key_hash = ?').run(now, keyHash);
  }

  revokeSession(keyHash: Buffer, now: number): void {
    this.#db.prepare('UPDATE sessions SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL').run(now, keyHash);
  }

  revokeAllSessions(accountId: number, now: number): number {
    return this.#db
      .prepare('UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL')
      .run(now, accountId).changes;
  }

  /** Drops sessions that can no longer be used, so the table does not grow forever. */
  purgeSessions(expiredBefore: number, idleBefore: number): void {
    this.#db
      .prepare('DELETE FROM sessions WHERE revoked_at IS NOT NULL OR created_at < ? OR last_used_at < ?')
      .run(expiredBefore, idleBefore);
  }

  countFailures(by: 'username' | 'ip', value: string, since: number): number {
    const column = by === 'username' ? 'username' : 'ip';
    return (this.#db
      .prepare(`SELECT count(*) AS n FROM login_failures WHERE ${column} = ? AND at > ?`)
      .get(value, since) as { n: number }).n;
  }

  /** Records a failed (or not yet verified) sign-in and forgets those older than the window. */
  recordFailure(username: string, ip: string, now: number, forgetBefore: number): number {
    return this.#db.transaction(() => {
      this.#db.prepare('DELETE FROM login_failures WHERE at <= ?').run(forgetBefore);
      const info = this.#db.prepare('INSERT INTO login_failures (username, ip, at) VALUES (?, ?, ?)').run(username, ip, now);
      return Number(info.lastInsertRowid);
    }).immediate();
  }

  forgetFailure(id: number): void {
    this.#db.prepare('DELETE FROM login_failures WHERE id = ?').run(id);
  }
}
