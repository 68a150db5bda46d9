import type { WebhookEventType, WebhookPayload } from '../../../src/contract/webhook';
import type { Db, Queryable, SqlValue } from './engine';
import { RESTORED_MARK, type FileEventKind, type StoredFileEvent } from './file-events';
import { webhookEventId, webhookMessages } from './webhook-events';

/** Deliveries one INSERT writes (8 parameters each: far below either engine's limit). */
const INSERT_ROWS = 500;

/**
 * The events a node passed are stored as the cursor at most this often (this process's clock): the
 * event log's prune keeps what the stored cursor has not passed (decision D79), so a log whose events
 * no endpoint wants is kept about this much longer than its hour, for one write per node this often.
 */
const STORE_PASSED_EVERY_MS = 5 * 60_000;

interface EventRow {
  id: number;
  account_id: number;
  file_id: number;
  kind: FileEventKind;
  changes: string | Record<string, unknown> | null;
  created_at: number;
}

interface HookRow {
  webhook_id: number;
  account_id: number;
  events: string;
  paused_at: number | null;
  from_event_id: number;
}

interface Hook {
  webhook_id: number;
  account_id: number;
  events: WebhookEventType[];
  paused: boolean;
  from_event_id: number;
}

/**
 * The outbox's dispatcher (decision D58): copies the file_events log into one delivery per subscribed
 * endpoint. The log is written by the triggers in the transaction of each change, so a change that
 * committed is in it whatever happens to the node after; each copy is one transaction that writes the
 * deliveries of the events after the cursor and moves the cursor, so an event is copied once however
 * many nodes run this (PostgreSQL: the cursor's row is locked, one node copies at a time; SQLite: one
 * writer at a time anyway).
 *
 * Next to nothing is written while nothing is to be delivered (decision D61): with no endpoint the log
 * is not even read; otherwise the events are read first, and only when one of them has an endpoint that
 * wants it is the write transaction run. Events with nothing to deliver are passed in this node's memory
 * (`#passed`) and the stored cursor moves past them with the next copy, or every few minutes (D79: the
 * log's prune waits for the stored cursor). An endpoint gets the events after the log's last one when
 * it was created (its from_event_id), so an event passed before it existed is never owed to it, and
 * every node may start reading at the oldest endpoint's from_event_id.
 */
export class WebhookOutbox {
  readonly #db: Db;
  /** Since when (this process's clock) the id after the cursor has been missing; see #readyPrefix. */
  #gapSince: number | null = null;
  /** The last event this node read with nothing to deliver (stored only now and then: decisions D61, D79). */
  #passed = 0;
  readonly #storePassedEveryMs: number;
  /** When (this process's clock) this node last stored its passed events, or started. */
  #storedPassedAt = performance.now();

  constructor(db: Db, { storePassedEveryMs = STORE_PASSED_EVERY_MS } = {}) {
    this.#db = db;
    this.#storePassedEveryMs = storePassedEveryMs;
  }

  /**
   * Looks at up to `limit` events after the cursor and copies their deliveries, if any; resolves to how
   * many it looked at (fewer than `limit`: the log is read to its end, or up to a gap).
   */
  async copy(now: number, limit: number): Promise<number> {
    const position = (await this.#db.get<{ cursor: number; first: number | null }>(
      'SELECT last_event_id AS cursor, (SELECT min(from_event_id) FROM webhooks) AS first FROM webhook_cursor WHERE id = 1',
    ))!;
    if (position.first === null) return 0; // no endpoint: nothing is owed to anyone
    const start = Math.max(Number(position.cursor), Number(position.first), this.#passed);
    // The events first, then the endpoints: one created after this read is owed only later events.
    const rows = await this.#db.all<EventRow>(
      'SELECT id, account_id, file_id, kind, changes, created_at FROM file_events WHERE id > ? ORDER BY id LIMIT ?',
      [start, limit],
    );
    const events = this.#readyPrefix(start, rows.map(parsed));
    if (!events.length) return 0;
    const accounts = [...new Set(events.map((e) => e.account_id))];
    const hooks = await this.#hooksOf(this.#db, accounts);
    if (!events.some((e) => wanted(e, hooks))) {
      this.#passed = events.at(-1)!.id;
      if (performance.now() - this.#storedPassedAt >= this.#storePassedEveryMs) {
        this.#storedPassedAt = performance.now();
        // Forward only: another node's copy may have stored a later position meanwhile.
        await this.#db.run('UPDATE webhook_cursor SET last_event_id = ? WHERE id = 1 AND last_event_id < ?', [this.#passed, this.#passed]);
      }
      return events.length;
    }
    return this.#db.transaction(async (tx) => {
      const cursor = Number(
        (await tx.get<{ last_event_id: number }>(`SELECT last_event_id FROM webhook_cursor WHERE id = 1${this.#db.dialect.forUpdate}`))!
          .last_event_id,
      );
      const last = events.at(-1)!.id;
      if (cursor >= last) return events.length; // another node copied them meanwhile
      const current = await this.#hooksOf(tx, accounts);
      const deliveries: SqlValue[][] = [];
      for (const event of events) {
        if (event.id <= cursor) continue;
        const subscribed = subscribedTo(event, current);
        if (!subscribed.length) continue;
        const restored = event.kind === 'added' && (marked(event) || (await restoredFromTrash(tx, event)));
        for (const message of webhookMessages(event, restored)) {
          const body: WebhookPayload = { type: message.type, timestamp: new Date(event.created_at).toISOString(), data: message.data };
          for (const hook of subscribed.filter((h) => h.events.includes(message.type))) {
            deliveries.push([
              hook.webhook_id,
              webhookEventId(event.id, message.type),
              message.data.file_id ?? null,
              message.type,
              JSON.stringify(body),
              hook.paused ? 'held' : 'pending',
              hook.paused ? null : now,
              now,
            ]);
          }
        }
      }
      // Many rows a statement: one round trip per INSERT_ROWS deliveries, not one each (PostgreSQL).
      for (let i = 0; i < deliveries.length; i += INSERT_ROWS) {
        const rows = deliveries.slice(i, i + INSERT_ROWS);
        await tx.run(
          `INSERT INTO webhook_deliveries (webhook_id, event_id, file_id, type, payload, state, next_at, created_at)
           VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')} ON CONFLICT (webhook_id, event_id) DO NOTHING`,
          rows.flat(),
        );
      }
      await tx.run('UPDATE webhook_cursor SET last_event_id = ? WHERE id = 1', [last]);
      return events.length;
    });
  }

  async #hooksOf(q: Queryable, accountIds: number[]): Promise<Hook[]> {
    const rows = await q.all<HookRow>(
      `SELECT webhook_id, account_id, events, paused_at, from_event_id FROM webhooks WHERE account_id IN (${accountIds.map(() => '?').join(', ')})`,
      accountIds,
    );
    return rows.map((r) => ({
      webhook_id: Number(r.webhook_id),
      account_id: Number(r.account_id),
      events: JSON.parse(r.events) as WebhookEventType[],
      paused: r.paused_at !== null,
      from_event_id: Number(r.from_event_id),
    }));
  }

  /**
   * The events that can be copied now: up to the first missing id, unless it has been missing for the
   * engine's gapWaitMs (a PostgreSQL transaction that took its id and has not committed yet; a rolled-back
   * id never comes). Copying past it would move the cursor over an event still to come.
   */
  #readyPrefix(cursor: number, rows: (StoredFileEvent & { created_at: number })[]) {
    let expected = cursor + 1;
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i]!.id;
      if (id !== expected) {
        const now = Date.now();
        this.#gapSince ??= now;
        if (now - this.#gapSince < this.#db.fileEvents.gapWaitMs) return rows.slice(0, i);
        this.#gapSince = null;
      }
      expected = id + 1;
    }
    if (rows.length) this.#gapSince = null;
    return rows;
  }
}

const parsed = (row: EventRow): StoredFileEvent & { created_at: number } => ({
  id: Number(row.id),
  account_id: Number(row.account_id),
  file_id: Number(row.file_id),
  kind: row.kind,
  changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as Record<string, unknown>) : row.changes,
  created_at: Number(row.created_at),
});

/** The endpoints an event is owed to: its account's that existed when it was written (decision D61). */
const subscribedTo = (event: StoredFileEvent, hooks: readonly Hook[]): Hook[] =>
  hooks.filter((h) => h.account_id === event.account_id && h.from_event_id < event.id);

/**
 * Whether an event has a delivery to make: one of the endpoints it is owed to wants one of its messages
 * (an unmarked 'added' event read both ways, file.created and file.restored: which one is decided in the copy).
 */
function wanted(event: StoredFileEvent, hooks: readonly Hook[]): boolean {
  const subscribed = subscribedTo(event, hooks);
  if (!subscribed.length) return false;
  const messages =
    event.kind === 'added' && !marked(event)
      ? [...webhookMessages(event, false), ...webhookMessages(event, true)]
      : webhookMessages(event, marked(event));
  return subscribed.some((h) => messages.some((m) => h.events.includes(m.type)));
}

/** An 'added' event of a file back from the trash, as its trigger marks it (decision D79). */
const marked = (event: StoredFileEvent): boolean => event.changes?.[RESTORED_MARK] === true;

/**
 * An unmarked 'added' event of a file that went to the trash before (its 'deleted' event is still in
 * the log): an event written before the triggers marked a restore (decision D79).
 */
async function restoredFromTrash(tx: Queryable, event: StoredFileEvent): Promise<boolean> {
  const row = await tx.get("SELECT 1 AS x FROM file_events WHERE account_id = ? AND id < ? AND file_id = ? AND kind = 'deleted' LIMIT 1", [
    event.account_id,
    event.id,
    event.file_id,
  ]);
  return row !== undefined;
}
