import type { WebhookDeliveryJson, WebhookEventType, WebhookJson } from '../../../src/contract/webhook';
import { randomToken } from '../lib/tokens';
import { inList, type Db } from './engine';
import type { ClaimedDelivery, RetryPolicy, SettledAttempt } from './webhook-delivery';
import { settleAttempts } from './webhook-settle';

/** An endpoint as stored. Times in ms since the epoch. */
export interface WebhookRow {
  webhook_id: number;
  account_id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  /** `whsec_` + base64: kept as is, the server signs with it. */
  secret: string;
  created_at: number;
  failing_since: number | null;
  paused_at: number | null;
}

export class TooManyWebhooksError extends Error {}

type StoredRow = Omit<WebhookRow, 'events'> & { events: string };

const COLUMNS = 'webhook_id, account_id, url, description, events, secret, created_at, failing_since, paused_at';
const nullableNumber = (value: unknown): number | null => (value === null ? null : Number(value));

const toRow = (row: StoredRow): WebhookRow => ({
  ...row,
  webhook_id: Number(row.webhook_id),
  account_id: Number(row.account_id),
  events: JSON.parse(row.events) as WebhookEventType[],
  created_at: Number(row.created_at),
  failing_since: nullableNumber(row.failing_since),
  paused_at: nullableNumber(row.paused_at),
});

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

/** An endpoint as the API shows it (never its secret). */
export const webhookJson = (row: WebhookRow): WebhookJson => ({
  id: row.webhook_id,
  url: row.url,
  description: row.description,
  events: row.events,
  state: row.paused_at !== null ? 'paused' : row.failing_since !== null ? 'failing' : 'active',
  created_at: new Date(row.created_at).toISOString(),
  failing_since: iso(row.failing_since),
});

/**
 * The webhooks tables' one reader and writer besides the outbox's dispatcher (webhook-outbox.ts):
 * endpoints, their deliveries and the log of attempts. Deliveries are claimed like jobs (see
 * JobsRepository): due when next_at has passed, claimed by moving next_at to the end of a lease, with
 * `FOR UPDATE SKIP LOCKED` on PostgreSQL so nodes each take a different one; a sender that died lets its
 * lease run out and the delivery goes out again from any node, under the same Webhook-Id.
 */
export class WebhooksRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** A new endpoint of the account; TooManyWebhooksError when it has `max` already. */
  async create(
    hook: { accountId: number; url: string; description: string; events: readonly WebhookEventType[] },
    secret: string,
    now: number,
    max: number,
  ): Promise<WebhookRow> {
    return this.#db.transaction(async (tx) => {
      const held = await tx.get<{ n: number }>('SELECT count(*) AS n FROM webhooks WHERE account_id = ?', [hook.accountId]);
      if (Number(held!.n) >= max) throw new TooManyWebhooksError();
      // It gets the events written after it (decision D61): those after the log's last one now.
      const row = await tx.get<StoredRow>(
        `INSERT INTO webhooks (account_id, url, description, events, secret, created_at, from_event_id)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT coalesce(max(id), 0) FROM file_events)) RETURNING ${COLUMNS}`,
        [hook.accountId, hook.url, hook.description, JSON.stringify(hook.events), secret, now],
      );
      return toRow(row!);
    });
  }

  /** The account's endpoints, oldest first. */
  async list(accountId: number): Promise<WebhookRow[]> {
    return (await this.#db.all<StoredRow>(`SELECT ${COLUMNS} FROM webhooks WHERE account_id = ? ORDER BY webhook_id`, [accountId])).map(
      toRow,
    );
  }

  async find(accountId: number, webhookId: number): Promise<WebhookRow | undefined> {
    const row = await this.#db.get<StoredRow>(`SELECT ${COLUMNS} FROM webhooks WHERE webhook_id = ? AND account_id = ?`, [
      webhookId,
      accountId,
    ]);
    return row && toRow(row);
  }

  /** Deletes one of the account's endpoints with its deliveries; false when it has no such endpoint. */
  async remove(accountId: number, webhookId: number): Promise<boolean> {
    return (await this.#db.run('DELETE FROM webhooks WHERE webhook_id = ? AND account_id = ?', [webhookId, accountId])) === 1;
  }

  /** The endpoint's latest deliveries, newest first, each with its attempts (newest first). */
  async deliveries(webhookId: number, limit: number): Promise<WebhookDeliveryJson[]> {
    const rows = await this.#db.all<{
      delivery_id: number;
      event_id: string;
      type: string;
      state: WebhookDeliveryJson['state'];
      created_at: number;
      next_at: number | null;
    }>(
      `SELECT delivery_id, event_id, type, state, created_at, next_at FROM webhook_deliveries WHERE webhook_id = ?
       ORDER BY delivery_id DESC LIMIT ?`,
      [webhookId, limit],
    );
    if (!rows.length) return [];
    const attempts = await this.#db.all<{
      delivery_id: number;
      at: number;
      status_code: number | null;
      latency_ms: number;
      response: string;
    }>(
      `SELECT delivery_id, at, status_code, latency_ms, response FROM webhook_attempts
       WHERE delivery_id IN (${rows.map(() => '?').join(', ')}) ORDER BY attempt_id DESC`,
      rows.map((r) => r.delivery_id),
    );
    return rows.map((r) => ({
      id: Number(r.delivery_id),
      event_id: r.event_id,
      type: r.type,
      state: r.state,
      created_at: new Date(Number(r.created_at)).toISOString(),
      next_attempt_at: r.state === 'pending' ? iso(nullableNumber(r.next_at)) : null,
      attempts: attempts
        .filter((a) => Number(a.delivery_id) === Number(r.delivery_id))
        .map((a) => ({
          at: new Date(Number(a.at)).toISOString(),
          status_code: nullableNumber(a.status_code),
          latency_ms: Number(a.latency_ms),
          response: a.response,
        })),
    }));
  }

  /** A delivery of the endpoint due now (POST …/test): returns its id. */
  async addDelivery(webhookId: number, eventId: string, type: string, payload: string, now: number): Promise<number> {
    const row = await this.#db.get<{ delivery_id: number }>(
      `INSERT INTO webhook_deliveries (webhook_id, event_id, type, payload, state, next_at, created_at)
       VALUES (?, ?, ?, ?, 'pending', ?, ?) RETURNING delivery_id`,
      [webhookId, eventId, type, payload, now, now],
    );
    return Number(row!.delivery_id);
  }

  /**
   * Sends a delivery of the endpoint again, now, with a fresh retry schedule and the same Webhook-Id;
   * false when the endpoint has no such delivery.
   */
  async redeliver(webhookId: number, deliveryId: number, now: number): Promise<boolean> {
    const changed = await this.#db.run(
      "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_at = ?, lease_token = NULL WHERE delivery_id = ? AND webhook_id = ?",
      [now, deliveryId, webhookId],
    );
    return changed === 1;
  }

  /** Whether a delivery is due (a read: what a poll asks before it claims any). */
  async hasDue(now: number): Promise<boolean> {
    return (
      (await this.#db.get("SELECT 1 AS x FROM webhook_deliveries WHERE state = 'pending' AND next_at <= ? LIMIT 1", [now])) !== undefined
    );
  }

  /**
   * Up to `limit` due deliveries, leased for `leaseMs` in one statement; none when none is due. A file's
   * deliveries to an endpoint go one at a time, in the order of its changes: one waits while an earlier
   * one is pending (being sent, or waiting out its backoff), so a receiver never sees a file's changes out
   * of order; hence a claim holds at most one delivery of a file for an endpoint. A delivery is its chain's
   * head when it is the oldest pending one of its file and endpoint: asked as a min() per candidate, which
   * PostgreSQL can only answer by the index of pending deliveries, whatever its statistics say. Asked as
   * NOT EXISTS, an anti-join planned on statistics taken while nothing was pending scanned every pending
   * delivery for each candidate: 4 s a claim at 3,000 pending, past the statement timeout, and no
   * delivery was sent again until the table was analyzed.
   */
  async claim(now: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.#db.all<Omit<ClaimedDelivery, 'url' | 'secret'>>(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, next_at = ?, lease_token = ?
       WHERE delivery_id IN (SELECT delivery_id FROM webhook_deliveries d WHERE state = 'pending' AND next_at <= ?
                              AND (file_id IS NULL OR delivery_id = (SELECT min(e.delivery_id) FROM webhook_deliveries e
                                     WHERE e.webhook_id = d.webhook_id AND e.file_id = d.file_id AND e.state = 'pending'))
                            ORDER BY next_at, delivery_id LIMIT ?${this.#db.dialect.skipLocked})
       RETURNING delivery_id, webhook_id, event_id, payload, attempts, lease_token`,
      [now + leaseMs, randomToken(16), now, limit],
    );
    if (!rows.length) return [];
    const ids = inList([...new Set(rows.map((row) => Number(row.webhook_id)))]);
    const hooks = new Map(
      (
        await this.#db.all<{ webhook_id: number; url: string; secret: string }>(
          `SELECT webhook_id, url, secret FROM webhooks WHERE webhook_id IN ${ids.sql}`,
          ids.params,
        )
      ).map((hook) => [Number(hook.webhook_id), hook]),
    );
    return rows.flatMap((row) => {
      const hook = hooks.get(Number(row.webhook_id));
      if (!hook) return []; // the endpoint was deleted meanwhile, its deliveries with it
      const { url, secret } = hook;
      return [
        { ...row, delivery_id: Number(row.delivery_id), webhook_id: Number(row.webhook_id), attempts: Number(row.attempts), url, secret },
      ];
    });
  }

  /**
   * Logs each attempt and decides what follows: a 2xx delivers it (and makes its endpoint active again,
   * its held deliveries due); anything else retries it after the policy's next wait, or fails it when the
   * schedule is used up (the endpoint is failing from then, and paused once failing for pauseAfterMs:
   * its deliveries are then held, never dropped). Nothing happens when the lease was lost meanwhile.
   */
  async settle(attempts: readonly SettledAttempt[], policy: RetryPolicy): Promise<void> {
    // One transaction, and a few statements, for all of them: a node delivering a thousand a second writes a
    // few commits a second, each a handful of round trips, not four statements per delivery.
    await this.#db.transaction((tx) => settleAttempts(tx, attempts, policy));
  }

  /** Drops the deliveries (and their attempts) that ended before `before`; returns how many. */
  async prune(before: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const ended = "state IN ('delivered', 'failed') AND created_at < ?";
      await tx.run(`DELETE FROM webhook_attempts WHERE delivery_id IN (SELECT delivery_id FROM webhook_deliveries WHERE ${ended})`, [
        before,
      ]);
      return tx.run(`DELETE FROM webhook_deliveries WHERE ${ended}`, [before]);
    });
  }
}
