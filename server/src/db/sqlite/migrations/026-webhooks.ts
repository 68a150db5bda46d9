import type { Database } from 'better-sqlite3';

// Webhooks of accounts (decision D58). The secret is kept as is: the server signs every delivery with it.
// webhook_cursor's one row is the last file_events id copied into deliveries (the outbox's dispatcher);
// a new database starts after the events it already has. A delivery is due when next_at has passed
// (claiming it moves next_at to the end of its lease; a file's
// deliveries to an endpoint go one at a time, in order); its attempts are logged in webhook_attempts.
// Frozen text.
export default {
  up(db: Database): void {
    db.exec(`
      CREATE TABLE webhooks (
        webhook_id    INTEGER PRIMARY KEY,
        account_id    INTEGER NOT NULL,
        url           TEXT NOT NULL,
        description   TEXT NOT NULL,
        events        TEXT NOT NULL,
        secret        TEXT NOT NULL,
        created_at    INTEGER NOT NULL,
        failing_since INTEGER,
        paused_at     INTEGER
      );
      CREATE INDEX webhooks_account ON webhooks (account_id);
      CREATE TABLE webhook_cursor (
        id            INTEGER PRIMARY KEY CHECK (id = 1),
        last_event_id INTEGER NOT NULL
      );
      INSERT INTO webhook_cursor (id, last_event_id) SELECT 1, coalesce(max(id), 0) FROM file_events;
      CREATE TABLE webhook_deliveries (
        delivery_id INTEGER PRIMARY KEY,
        webhook_id  INTEGER NOT NULL REFERENCES webhooks (webhook_id) ON DELETE CASCADE,
        event_id    TEXT NOT NULL,
        file_id     INTEGER,
        type        TEXT NOT NULL,
        payload     TEXT NOT NULL,
        state       TEXT NOT NULL,
        attempts    INTEGER NOT NULL DEFAULT 0,
        next_at     INTEGER,
        lease_token TEXT,
        created_at  INTEGER NOT NULL,
        UNIQUE (webhook_id, event_id)
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_at) WHERE state = 'pending';
      CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, delivery_id);
      CREATE INDEX webhook_deliveries_file ON webhook_deliveries (webhook_id, file_id, delivery_id) WHERE state = 'pending';
      CREATE TABLE webhook_attempts (
        attempt_id  INTEGER PRIMARY KEY,
        delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (delivery_id) ON DELETE CASCADE,
        at          INTEGER NOT NULL,
        status_code INTEGER,
        latency_ms  INTEGER NOT NULL,
        response    TEXT NOT NULL
      );
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, attempt_id);
    `);
  },
};
