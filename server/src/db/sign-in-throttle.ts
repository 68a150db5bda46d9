import type { Db, Queryable } from './engine';

/**
 * Sign-in throttling that slows the attacker, not the victim. Every refusal depends on the client's
 * address: nothing an attacker does from elsewhere can lock a person out of their own account.
 *
 * - An address that keeps failing, on any accounts, waits longer and longer between attempts
 *   (1 s, 2 s, 4 s … up to `maxAddressDelayMs`) once it has used `addressAllowance` failures.
 * - One address guessing one account waits the same way after `pairAllowance` failures.
 * - Guessing spread over many addresses: once an account has `accountCeiling` failures from addresses
 *   that never signed in to it, every such address gets a single try before its own delays start.
 *   An address that signed in to the account before keeps its full allowance, and is spared the
 *   address-wide delay too (an office behind one NAT address is not locked out by a colleague's
 *   script hammering other accounts).
 *
 * A clean address (no failures of its own) is never refused. Counts are kept in the database, so
 * they are shared by every node and survive restarts; they are forgotten `windowMs` after the last
 * failure they count.
 */
export interface SignInPolicy {
  windowMs: number;
  addressAllowance: number;
  pairAllowance: number;
  accountCeiling: number;
  maxAddressDelayMs: number;
  maxPairDelayMs: number;
}

export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  windowMs: 3_600_000,
  addressAllowance: 20,
  pairAllowance: 5,
  accountCeiling: 20,
  maxAddressDelayMs: 3_600_000,
  maxPairDelayMs: 900_000,
};

/** How long to wait after the last failure, given the failures so far and the allowance. */
export function backoffMs(failures: number, allowance: number, maxMs: number): number {
  if (failures < allowance) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - allowance, 30), maxMs);
}

/** A sign-in attempt that was let through and counted as a failure until it succeeds. */
export interface SignInAttempt {
  username: string;
  address: string;
  countedOnAccount: boolean;
}

export type SignInClaim = { attempt: SignInAttempt } | { retryAfterMs: number };

type Scope = 'address' | 'pair' | 'account';

interface Counter {
  failures: number;
  last_failure_at: number;
}

/** An address is "known" to an account for this long after it last signed in to it. */
const KNOWN_FOR_MS = 90 * 86_400_000;

const pairSubject = (username: string, address: string) => `${username}\n${address}`;

export class SignInThrottle {
  readonly #db: Db;
  readonly #policy: SignInPolicy;

  constructor(db: Db, policy: SignInPolicy) {
    this.#db = db;
    this.#policy = policy;
  }

  /**
   * Lets an attempt through (counted as a failure until `succeeded`) or says how long this address
   * must wait. Check and count happen in one transaction, so parallel attempts on any node cannot
   * slip past a limit.
   */
  claim(username: string, address: string, now: number): Promise<SignInClaim> {
    const p = this.#policy;
    return this.#db.transaction(async (tx) => {
      // PostgreSQL: transactions of other nodes run at the same time; this lock puts attempts in line.
      await this.#db.lock(tx, 'vp sign-in attempts');
      await tx.run('DELETE FROM sign_in_failures WHERE last_failure_at <= ?', [now - p.windowMs]);
      const known = await tx.get(
        'SELECT 1 AS known FROM sign_in_known_addresses WHERE username = ? AND address = ? AND last_success_at > ?',
        [username, address, now - KNOWN_FOR_MS],
      );
      const byAddress = await this.#counter(tx, 'address', address);
      const byPair = await this.#counter(tx, 'pair', pairSubject(username, address));
      const byAccount = await this.#counter(tx, 'account', username);

      const underAttack = !known && byAccount.failures >= p.accountCeiling;
      const waitUntil = Math.max(
        known ? 0 : byAddress.last_failure_at + backoffMs(byAddress.failures, p.addressAllowance, p.maxAddressDelayMs),
        byPair.last_failure_at + backoffMs(byPair.failures, underAttack ? 1 : p.pairAllowance, p.maxPairDelayMs),
      );
      if (now < waitUntil) return { retryAfterMs: waitUntil - now };

      await this.#count(tx, 'address', address, now);
      await this.#count(tx, 'pair', pairSubject(username, address), now);
      if (!known) await this.#count(tx, 'account', username, now);
      return { attempt: { username, address, countedOnAccount: !known } };
    });
  }

  /** The right password: this attempt is no failure, and the address is known to the account from now on. */
  succeeded(attempt: SignInAttempt, now: number): Promise<void> {
    return this.#db.transaction(async (tx) => {
      await tx.run("DELETE FROM sign_in_failures WHERE scope = 'pair' AND subject = ?", [pairSubject(attempt.username, attempt.address)]);
      await this.#uncount(tx, 'address', attempt.address);
      if (attempt.countedOnAccount) await this.#uncount(tx, 'account', attempt.username);
      await tx.run(
        `INSERT INTO sign_in_known_addresses (username, address, last_success_at) VALUES (?, ?, ?)
         ON CONFLICT (username, address) DO UPDATE SET last_success_at = excluded.last_success_at`,
        [attempt.username, attempt.address, now],
      );
      await tx.run('DELETE FROM sign_in_known_addresses WHERE last_success_at <= ?', [now - KNOWN_FOR_MS]);
    });
  }

  async #counter(tx: Queryable, scope: Scope, subject: string): Promise<Counter> {
    return (
      (await tx.get<Counter>('SELECT failures, last_failure_at FROM sign_in_failures WHERE scope = ? AND subject = ?', [
        scope,
        subject,
      ])) ?? {
        failures: 0,
        last_failure_at: 0,
      }
    );
  }

  async #count(tx: Queryable, scope: Scope, subject: string, now: number): Promise<void> {
    await tx.run(
      `INSERT INTO sign_in_failures (scope, subject, failures, last_failure_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (scope, subject) DO UPDATE SET failures = sign_in_failures.failures + 1, last_failure_at = excluded.last_failure_at`,
      [scope, subject, now],
    );
  }

  async #uncount(tx: Queryable, scope: Scope, subject: string): Promise<void> {
    await tx.run('UPDATE sign_in_failures SET failures = failures - 1 WHERE scope = ? AND subject = ? AND failures > 0', [scope, subject]);
  }
}
