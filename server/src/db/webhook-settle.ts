import { inList, type Queryable, type SqlValue } from './engine';
import type { RetryPolicy, SettledAttempt } from './webhook-delivery';

/** Rows one statement writes (5 parameters each: far below either engine's limit). */
const ROWS_PER_STATEMENT = 500;

type Outcome = { attempt: SettledAttempt; state: 'delivered' | 'pending' | 'failed'; nextAt: number | null };

/**
 * Settles attempts in the caller's transaction with a few statements whatever their number: the
 * deliveries' new states in one UPDATE (only those whose lease still holds: a sender that lost its lease
 * changes nothing), their log in one INSERT, then each endpoint's state from its last delivered or failed
 * attempt of the batch, in the order the attempts ended: a 2xx makes it active again (a paused one's held
 * deliveries due now); a delivery whose retries are used up makes it failing, and paused once failing for
 * pauseAfterMs (its pending deliveries are then held, never dropped).
 */
export async function settleAttempts(tx: Queryable, attempts: readonly SettledAttempt[], policy: RetryPolicy): Promise<void> {
  const outcomes = attempts.map((attempt) => outcomeOf(attempt, policy));
  const settled: Outcome[] = [];
  for (let i = 0; i < outcomes.length; i += ROWS_PER_STATEMENT)
    settled.push(...(await updateDeliveries(tx, outcomes.slice(i, i + ROWS_PER_STATEMENT))));
  if (!settled.length) return;
  for (let i = 0; i < settled.length; i += ROWS_PER_STATEMENT) await logAttempts(tx, settled.slice(i, i + ROWS_PER_STATEMENT));

  const lastOf = new Map<number, Outcome>();
  for (const outcome of settled) if (outcome.state !== 'pending') lastOf.set(outcome.attempt.delivery.webhook_id, outcome);
  const last = [...lastOf.values()];
  await markActive(
    tx,
    last.filter((o) => o.state === 'delivered'),
  );
  for (const outcome of last.filter((o) => o.state === 'failed')) await markFailing(tx, outcome.attempt, policy);
}

function outcomeOf(attempt: SettledAttempt, policy: RetryPolicy): Outcome {
  const { statusCode } = attempt.result;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { attempt, state: 'delivered', nextAt: null };
  const wait = policy.backoffMs[attempt.delivery.attempts - 1];
  return wait === undefined ? { attempt, state: 'failed', nextAt: null } : { attempt, state: 'pending', nextAt: attempt.now + wait };
}

const placeholders = (rows: number, row: string): string => Array.from({ length: rows }, () => row).join(', ');

/** The outcomes whose delivery was still leased to their sender, now written. */
async function updateDeliveries(tx: Queryable, outcomes: readonly Outcome[]): Promise<Outcome[]> {
  if (!outcomes.length) return [];
  // CASTs type the VALUES on PostgreSQL (a bare parameter there is text); SQLite takes them as they are.
  const changed = await tx.all<{ delivery_id: number }>(
    `WITH settled (delivery_id, lease_token, state, next_at) AS (
       VALUES ${placeholders(outcomes.length, '(CAST(? AS BIGINT), ?, ?, CAST(? AS BIGINT))')})
     UPDATE webhook_deliveries SET state = settled.state, next_at = settled.next_at, lease_token = NULL
     FROM settled
     WHERE webhook_deliveries.delivery_id = settled.delivery_id AND webhook_deliveries.lease_token = settled.lease_token
     RETURNING webhook_deliveries.delivery_id`,
    outcomes.flatMap(({ attempt, state, nextAt }): SqlValue[] => [
      attempt.delivery.delivery_id,
      attempt.delivery.lease_token,
      state,
      nextAt,
    ]),
  );
  const ids = new Set(changed.map((row) => Number(row.delivery_id)));
  return outcomes.filter((o) => ids.has(o.attempt.delivery.delivery_id));
}

async function logAttempts(tx: Queryable, outcomes: readonly Outcome[]): Promise<void> {
  await tx.run(
    `INSERT INTO webhook_attempts (delivery_id, at, status_code, latency_ms, response) VALUES ${placeholders(outcomes.length, '(?, ?, ?, ?, ?)')}`,
    outcomes.flatMap(({ attempt: { delivery, result, now } }): SqlValue[] => [
      delivery.delivery_id,
      now,
      result.statusCode,
      result.latencyMs,
      result.response,
    ]),
  );
}

/** Endpoints that delivered: active again; a paused one's held deliveries are due at its delivery's time. */
async function markActive(tx: Queryable, delivered: readonly Outcome[]): Promise<void> {
  if (!delivered.length) return;
  const ids = inList(delivered.map((o) => o.attempt.delivery.webhook_id));
  const resumed = await tx.all<{ webhook_id: number }>(
    `UPDATE webhooks SET failing_since = NULL, paused_at = NULL WHERE webhook_id IN ${ids.sql} AND paused_at IS NOT NULL RETURNING webhook_id`,
    ids.params,
  );
  for (const { webhook_id } of resumed) {
    const { now } = delivered.find((o) => o.attempt.delivery.webhook_id === Number(webhook_id))!.attempt;
    await tx.run("UPDATE webhook_deliveries SET state = 'pending', next_at = ? WHERE webhook_id = ? AND state = 'held'", [now, webhook_id]);
  }
  await tx.run(`UPDATE webhooks SET failing_since = NULL WHERE webhook_id IN ${ids.sql} AND failing_since IS NOT NULL`, ids.params);
}

/** An endpoint whose delivery used up its retries: failing from now, paused once failing for pauseAfterMs. */
async function markFailing(tx: Queryable, { delivery, now }: SettledAttempt, policy: RetryPolicy): Promise<void> {
  await tx.run('UPDATE webhooks SET failing_since = ? WHERE webhook_id = ? AND failing_since IS NULL', [now, delivery.webhook_id]);
  const paused = await tx.run('UPDATE webhooks SET paused_at = ? WHERE webhook_id = ? AND paused_at IS NULL AND failing_since <= ?', [
    now,
    delivery.webhook_id,
    now - policy.pauseAfterMs,
  ]);
  if (paused) {
    await tx.run("UPDATE webhook_deliveries SET state = 'held', next_at = NULL WHERE webhook_id = ? AND state = 'pending'", [
      delivery.webhook_id,
    ]);
  }
}
