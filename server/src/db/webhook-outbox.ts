import type { WebhookEventType, WebhookPayload } from '../../../src/contract/webhook';
import type { Db, Queryable } from './engine';
import type { FileEventKind, StoredFileEvent } from './file-events';
import { webhookEventId, webhookMessages } from './webhook-events';

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
}

/**
 * The outbox's dispatcher (decision D58): copies the file_events log into one delivery per subscribed
 * endpoint. The log is written by the triggers in the transaction of each change, so a change that
 * committed is in it whatever happens to the node after; each copy is one transaction that reads the
 * events after the cursor, writes their deliveries and moves the cursor, so an event is copied once
 * however many nodes run this (PostgreSQL: the cursor's row is locked, one node copies at a time;
 * SQLite: one writer at a time anyway).
 */
export class WebhookOutbox {
  readonly #db: Db;
  /** Since when (this process's clock) the id after the cursor has been missing; see #readyPrefix. */
  #gapSince: number | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Whether the log has events after the cursor (a read, so an idle node writes nothing). */
  async pending(): Promise<boolean> {
    const row = await this.#db.get(
      'SELECT 1 AS x FROM file_events WHERE id > (SELECT last_event_id FROM webhook_cursor WHERE id = 1) LIMIT 1',
    );
    return row !== undefined;
  }

  /** Copies at most `limit` events; resolves to how many it copied (0: none are ready). */
  async copy(now: number, limit: number): Promise<number> {
    return this.#db.transaction(async (tx) => {
      const cursor = Number(
        (await tx.get<{ last_event_id: number }>(`SELECT last_event_id FROM webhook_cursor WHERE id = 1${this.#db.dialect.forUpdate}`))!
          .last_event_id,
      );
      const rows = await tx.all<EventRow>(
        'SELECT id, account_id, file_id, kind, changes, created_at FROM file_events WHERE id > ? ORDER BY id LIMIT ?',
        [cursor, limit],
      );
      const events = this.#readyPrefix(cursor, rows.map(parsed));
      if (!events.length) return 0;
      const hooks = await this.#hooksOf(tx, [...new Set(events.map((e) => e.account_id))]);
      for (const event of events) {
        const subscribed = hooks.filter((h) => h.account_id === event.account_id);
        if (!subscribed.length) continue;
        const restored = event.kind === 'added' && (await restoredFromTrash(tx, event));
        for (const message of webhookMessages(event, restored)) {
          const body: WebhookPayload = { type: message.type, timestamp: new Date(event.created_at).toISOString(), data: message.data };
          for (const hook of subscribed.filter((h) => h.events.includes(message.type))) {
            await tx.run(
              `INSERT INTO webhook_deliveries (webhook_id, event_id, file_id, type, payload, state, next_at, created_at)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (webhook_id, event_id) DO NOTHING`,
              [
                hook.webhook_id,
                webhookEventId(event.id, message.type),
                message.data.file_id ?? null,
                message.type,
                JSON.stringify(body),
                hook.paused ? 'held' : 'pending',
                hook.paused ? null : now,
                now,
              ],
            );
          }
        }
      }
      await tx.run('UPDATE webhook_cursor SET last_event_id = ? WHERE id = 1', [events.at(-1)!.id]);
      return events.length;
    });
  }

  async #hooksOf(tx: Queryable, accountIds: number[]) {
    const rows = await tx.all<HookRow>(
      `SELECT webhook_id, account_id, events, paused_at FROM webhooks WHERE account_id IN (${accountIds.map(() => '?').join(', ')})`,
      accountIds,
    );
    return rows.map((r) => ({
      webhook_id: Number(r.webhook_id),
      account_id: Number(r.account_id),
      events: JSON.parse(r.events) as WebhookEventType[],
      paused: r.paused_at !== null,
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

/** An 'added' event of a file that went to the trash before (its 'deleted' event is still in the log). */
async function restoredFromTrash(tx: Queryable, event: StoredFileEvent): Promise<boolean> {
  const row = await tx.get("SELECT 1 AS x FROM file_events WHERE account_id = ? AND id < ? AND file_id = ? AND kind = 'deleted' LIMIT 1", [
    event.account_id,
    event.id,
    event.file_id,
  ]);
  return row !== undefined;
}
