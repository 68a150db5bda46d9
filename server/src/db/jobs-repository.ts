import { randomToken } from '../lib/tokens';
import type { Db, Queryable } from './engine';

/** A job as a worker holds it: claimed, with the lease that proves it is still the one working on it. */
export interface ClaimedJob {
  job_id: number;
  kind: string;
  payload: unknown;
  /** Counting this one. */
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  lease_token: string;
}

interface JobRow extends Omit<ClaimedJob, 'payload'> {
  payload: string;
}

export interface EnqueueOptions {
  /** The account the job works for: jobs take turns across accounts (see JobsRepository). */
  accountId: number;
  maxAttempts?: number;
}

/**
 * The jobs table's one reader and writer: jobs in the database, claimed with leases, generic (a kind and a JSON payload), so that any later
 * background work (bulk actions) can use it. A job is due when `run_at` has passed; claiming it sets
 * `run_at` to the end of its lease, so a job whose worker died becomes due again when the lease ends,
 * with no sweeper. On PostgreSQL any number of workers on any number of machines claim with
 * `FOR UPDATE SKIP LOCKED` (two never take one job; none waits for another's row lock); on SQLite the
 * claim is one UPDATE, and SQLite runs one writer at a time. A finished job is deleted.
 *
 * Accounts take turns (start-time fair queuing): a claim takes the due job of the lowest `turn` (then
 * the oldest), and a new job takes the turn of the queue's head (the lowest turn of the jobs of its
 * kind that no worker has tried yet), or the one after its account's last job when that is later. So
 * an account that queues 200 videos has turns h … h+199, another account's one video then gets turn h
 * and runs after at most one more of the first account's, on any number of workers. A retried
 * job keeps its turn (it runs first once its backoff ends), and does not move the head, so new jobs
 * never slip in before the round being served. Each read is the first or last entry of an index
 * (jobs_untried, jobs_account), and the claim reads jobs_turn in order from its start (passing only
 * jobs running or waiting out a backoff) when it asks for one kind, as every worker does.
 */
export class JobsRepository {
  readonly #db: Db;
  readonly #now: () => number;

  constructor(db: Db, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** Adds a job; pass the transaction that creates what the job works on, so both commit together. */
  async enqueue(q: Queryable, kind: string, payload: unknown, options: EnqueueOptions): Promise<void> {
    const now = this.#now();
    await q.run(
      `INSERT INTO jobs (kind, account_id, payload, attempts, max_attempts, run_at, created_at, turn) VALUES (?, ?, ?, 0, ?, ?, ?,
         (SELECT max(turn) FROM (
            SELECT coalesce((SELECT turn FROM jobs WHERE kind = ? AND attempts = 0 ORDER BY turn LIMIT 1),
                            (SELECT max(turn) FROM jobs WHERE kind = ?), 0) AS turn
            UNION ALL SELECT coalesce((SELECT max(turn) + 1 FROM jobs WHERE kind = ? AND account_id = ?), 0)) AS turns))`,
      [kind, options.accountId, JSON.stringify(payload), options.maxAttempts ?? 3, now, now, kind, kind, kind, options.accountId],
    );
  }

  /** The next due job of these kinds, leased to `worker` for `leaseMs`; undefined when none is due. */
  async claim(worker: string, kinds: readonly string[], leaseMs: number): Promise<ClaimedJob | undefined> {
    const now = this.#now();
    const row = await this.#db.get<JobRow>(
      `UPDATE jobs SET attempts = attempts + 1, run_at = ?, lease_token = ?, leased_by = ?
       WHERE job_id = (SELECT job_id FROM jobs WHERE run_at <= ? AND kind IN (${kinds.map(() => '?').join(', ')})
                       ORDER BY turn, job_id LIMIT 1${this.#db.dialect.skipLocked})
       RETURNING job_id, kind, payload, attempts, max_attempts, last_error, lease_token`,
      [now + leaseMs, randomToken(16), worker, now, ...kinds],
    );
    return row && { ...row, payload: JSON.parse(row.payload) as unknown };
  }

  /** Extends the lease; false when the job is no longer this worker's (its lease ended and another took it). */
  async extend(job: ClaimedJob, leaseMs: number): Promise<boolean> {
    const changed = await this.#db.run('UPDATE jobs SET run_at = ? WHERE job_id = ? AND lease_token = ?', [
      this.#now() + leaseMs,
      job.job_id,
      job.lease_token,
    ]);
    return changed === 1;
  }

  /** The job is done (or given up): it goes. */
  async finish(job: ClaimedJob): Promise<void> {
    await this.#db.run('DELETE FROM jobs WHERE job_id = ? AND lease_token = ?', [job.job_id, job.lease_token]);
  }

  /** The job runs again after `delayMs`, remembering why this attempt failed. */
  async retryLater(job: ClaimedJob, error: string, delayMs: number): Promise<void> {
    await this.#db.run(
      'UPDATE jobs SET run_at = ?, lease_token = NULL, leased_by = NULL, last_error = ? WHERE job_id = ? AND lease_token = ?',
      [this.#now() + delayMs, error, job.job_id, job.lease_token],
    );
  }

  /**
   * Removes the jobs of a kind whose payload (as stored, JSON) starts with `payloadStart`, in the
   * caller's transaction, and returns their payloads. A worker running one finds out at its next write.
   */
  async remove(q: Queryable, kind: string, payloadStart: string): Promise<unknown[]> {
    const rows = await q.all<{ payload: string }>('DELETE FROM jobs WHERE kind = ? AND payload LIKE ? RETURNING payload', [
      kind,
      `${payloadStart}%`,
    ]);
    return rows.map((r) => JSON.parse(r.payload) as unknown);
  }

  /** The payload of a job of this kind, waiting or running, whose payload (as stored, JSON) starts with `payloadStart`. */
  async find(kind: string, payloadStart: string): Promise<unknown> {
    const row = await this.#db.get<{ payload: string }>('SELECT payload FROM jobs WHERE kind = ? AND payload LIKE ?', [
      kind,
      `${payloadStart}%`,
    ]);
    return row && (JSON.parse(row.payload) as unknown);
  }

  /** Whether a job of this kind, waiting or running, has `text` in its payload (as stored, JSON). */
  async mentions(kind: string, text: string): Promise<boolean> {
    return (await this.#db.get('SELECT 1 FROM jobs WHERE kind = ? AND payload LIKE ?', [kind, `%${text}%`])) !== undefined;
  }

  /** The jobs of one kind whose lease is running now, with the worker that holds each (the pipeline's workers list). */
  async held(kind: string): Promise<{ worker: string; payload: unknown }[]> {
    const rows = await this.#db.all<{ leased_by: string; payload: string }>(
      'SELECT leased_by, payload FROM jobs WHERE kind = ? AND leased_by IS NOT NULL AND run_at > ? ORDER BY job_id',
      [kind, this.#now()],
    );
    return rows.map((r) => ({ worker: r.leased_by, payload: JSON.parse(r.payload) as unknown }));
  }

  /**
   * The job `jobId` while its lease runs, with its holder (a worker of the pipeline API proves it holds
   * the job by its name and attempt; the lease token never leaves the server). Undefined otherwise.
   */
  async leased(jobId: number): Promise<(ClaimedJob & { leased_by: string }) | undefined> {
    const row = await this.#db.get<JobRow & { leased_by: string }>(
      `SELECT job_id, kind, payload, attempts, max_attempts, last_error, lease_token, leased_by FROM jobs
       WHERE job_id = ? AND lease_token IS NOT NULL AND run_at > ?`,
      [jobId, this.#now()],
    );
    return row && { ...row, payload: JSON.parse(row.payload) as unknown };
  }

  /** Jobs waiting or running, of one kind (tests, the pipeline API). */
  count(kind: string): Promise<number> {
    return this.#db.get<{ n: number }>('SELECT count(*) AS n FROM jobs WHERE kind = ?', [kind]).then((r) => Number(r?.n ?? 0));
  }
}
