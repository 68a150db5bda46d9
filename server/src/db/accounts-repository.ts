import { usernameSkeleton } from '../lib/username-skeleton';
import { isUniqueViolation, type Db, type Queryable } from './engine';

export interface AccountRow {
  account_id: number;
  username: string;
  password_hash: string;
  created_at: number;
  /** 1 when `seed` created it (its password is seed's to replace), else 0. */
  seeded: number;
  /** usernameSkeleton(username), unique; null only for a look-alike that existed before skeletons did. */
  username_skeleton: string | null;
}

/** The username, or one that looks like it (the same confusables skeleton), belongs to another account. */
export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`That username is taken: "${username}" is, or looks like, the username of another account.`);
  }
}

export interface SessionRow {
  key_hash: Buffer;
  account_id: number;
  created_at: number;
  last_used_at: number;
  revoked_at: number | null;
}

/** Keys one read of sessionsOf looks up (an IN list of this many parameters). */
const KEYS_PER_READ = 500;

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

  /** The account whose username looks like `username` (the same confusables skeleton), if any. */
  findLookAlike(username: string, q: Queryable = this.#db): Promise<AccountRow | undefined> {
    return q.get<AccountRow>('SELECT * FROM accounts WHERE username_skeleton = ?', [usernameSkeleton(username)]);
  }

  /**
   * Gives every account without one its username skeleton (accounts made before skeletons existed), in
   * id order. Returns the usernames left without one: look-alikes of an older account that existed
   * before; they keep working, and their skeleton stays taken by the older one.
   */
  async fillSkeletons(): Promise<string[]> {
    const missing = await this.#db.all<{ account_id: number; username: string }>(
      'SELECT account_id, username FROM accounts WHERE username_skeleton IS NULL ORDER BY account_id',
    );
    const clashes: string[] = [];
    for (const { account_id, username } of missing) {
      try {
        await this.#db.run('UPDATE accounts SET username_skeleton = ? WHERE account_id = ? AND username_skeleton IS NULL', [
          usernameSkeleton(username),
          account_id,
        ]);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        clashes.push(username);
      }
    }
    return clashes;
  }

  findById(accountId: number, q: Queryable = this.#db): Promise<AccountRow | undefined> {
    return q.get<AccountRow>('SELECT * FROM accounts WHERE account_id = ?', [accountId]);
  }

  /** The account's embed defaults, as a player query string ('' when it has none). */
  async embedDefaults(accountId: number): Promise<string> {
    return (
      (await this.#db.get<{ params: string }>('SELECT params FROM account_embed_defaults WHERE account_id = ?', [accountId]))?.params ?? ''
    );
  }

  setEmbedDefaults(accountId: number, params: string): Promise<number> {
    return this.#db.run(
      'INSERT INTO account_embed_defaults (account_id, params) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET params = excluded.params',
      [accountId, params],
    );
  }

  /** The account's default player access, as stored (storedAccess), or null: anywhere. */
  async playerAccess(accountId: number): Promise<string | null> {
    return (
      (await this.#db.get<{ access: string }>('SELECT access FROM account_player_access WHERE account_id = ?', [accountId]))?.access ?? null
    );
  }

  setPlayerAccess(accountId: number, access: string): Promise<number> {
    return this.#db.run(
      'INSERT INTO account_player_access (account_id, access) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET access = excluded.access',
      [accountId, access],
    );
  }

  /** The account's downloads setting (decision D67), or null: never set (not allowed). */
  async downloadsAllowed(accountId: number): Promise<boolean | null> {
    const row = await this.#db.get<{ allowed: number }>('SELECT allowed FROM account_downloads WHERE account_id = ?', [accountId]);
    return row ? Number(row.allowed) === 1 : null;
  }

  setDownloadsAllowed(accountId: number, allowed: boolean, q: Queryable = this.#db): Promise<number> {
    return q.run(
      'INSERT INTO account_downloads (account_id, allowed) VALUES (?, ?) ON CONFLICT (account_id) DO UPDATE SET allowed = excluded.allowed',
      [accountId, allowed ? 1 : 0],
    );
  }

  /** Creates the account, or sets the password of an existing one (ending its sessions); returns its id. */
  async upsert(username: string, passwordHash: string, now: number): Promise<number> {
    const { accountId, ended } = await this.#db.transaction(async (tx) => {
      const existing = await this.findByUsername(username, tx);
      if (existing) return { accountId: existing.account_id, ended: await this.#setPassword(tx, existing.account_id, passwordHash, now) };
      return { accountId: await this.#create(tx, username, passwordHash, now, false), ended: 0 };
    });
    if (ended) await this.#sessionsEnded();
    return accountId;
  }

  /** Creates an account; `seeded` marks one made by the seed command. Returns its id. */
  create(username: string, passwordHash: string, now: number, { seeded = false } = {}): Promise<number> {
    return this.#db.transaction((tx) => this.#create(tx, username, passwordHash, now, seeded));
  }

  /** UsernameTakenError when the username or a look-alike is taken, also by a creation racing this one. */
  async #create(tx: Queryable, username: string, passwordHash: string, now: number, seeded: boolean): Promise<number> {
    try {
      const row = await tx.get<{ account_id: number }>(
        'INSERT INTO accounts (username, password_hash, created_at, seeded, username_skeleton) VALUES (?, ?, ?, ?, ?) RETURNING account_id',
        [username, passwordHash, now, seeded ? 1 : 0, usernameSkeleton(username)],
      );
      return row!.account_id;
    } catch (err) {
      if (isUniqueViolation(err)) throw new UsernameTakenError(username);
      throw err;
    }
  }

  /** A new password ends every session of the account (whoever knew the old one is signed out). Returns the sessions ended. */
  async setPassword(accountId: number, passwordHash: string, now: number): Promise<number> {
    const ended = await this.#db.transaction((tx) => this.#setPassword(tx, accountId, passwordHash, now));
    if (ended) await this.#sessionsEnded();
    return ended;
  }

  async #setPassword(tx: Queryable, accountId: number, passwordHash: string, now: number): Promise<number> {
    await tx.run('UPDATE accounts SET password_hash = ? WHERE account_id = ?', [passwordHash, accountId]);
    return tx.run('UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL', [now, accountId]);
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
    if (await this.#db.run('UPDATE sessions SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL', [now, keyHash])) {
      await this.#sessionsEnded();
    }
  }

  /** The sessions of these keys that still exist (a purged one is missing). */
  async sessionsOf(keyHashes: readonly Buffer[]): Promise<SessionRow[]> {
    const rows: SessionRow[] = [];
    for (let i = 0; i < keyHashes.length; i += KEYS_PER_READ) {
      const chunk = keyHashes.slice(i, i + KEYS_PER_READ);
      rows.push(
        ...(await this.#db.all<SessionRow>(`SELECT * FROM sessions WHERE key_hash IN (${chunk.map(() => '?').join(', ')})`, chunk)),
      );
    }
    return rows;
  }

  /**
   * Tells every node's event streams that sessions ended, so those of the ended keys close now. The
   * sessions are ended already: should the news not go out, the streams' own check ends them within
   * a second (see EventStreamRegistry).
   */
  async #sessionsEnded(): Promise<void> {
    await this.#db.fileEvents.notifySessionsEnded().catch(() => {});
  }

  /** Drops sessions that can no longer be used, so the table does not grow forever. */
  async purgeSessions(expiredBefore: number, idleBefore: number): Promise<void> {
    await this.#db.run('DELETE FROM sessions WHERE revoked_at IS NOT NULL OR created_at < ? OR last_used_at < ?', [
      expiredBefore,
      idleBefore,
    ]);
  }
}
