// The tables of sign-in throttling, crash-clean storage and the shared rate limit. Servers before
// this migration created them at start (hence IF NOT EXISTS). The rate-limit counters are UNLOGGED:
// a hit is counted on every API request, and a counter lost in a crash only forgives a minute of
// hits, so they skip the WAL flush that a logged commit waits for. login_failures was never read.
export default {
  sql: `
  CREATE TABLE IF NOT EXISTS sign_in_failures (
    scope           text NOT NULL,
    subject         text NOT NULL,
    failures        integer NOT NULL,
    last_failure_at bigint NOT NULL,
    PRIMARY KEY (scope, subject)
  );
  CREATE INDEX IF NOT EXISTS sign_in_failures_age ON sign_in_failures (last_failure_at);
  CREATE TABLE IF NOT EXISTS sign_in_known_addresses (
    username        text NOT NULL,
    address         text NOT NULL,
    last_success_at bigint NOT NULL,
    PRIMARY KEY (username, address)
  );
  CREATE INDEX IF NOT EXISTS sign_in_known_addresses_age ON sign_in_known_addresses (last_success_at);
  CREATE TABLE IF NOT EXISTS storage_journal (
    storage_name text PRIMARY KEY,
    owner        text NOT NULL,
    created_at   bigint NOT NULL
  );
  CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_hits (
    bucket         text PRIMARY KEY,
    hits           integer NOT NULL,
    window_ends_at bigint NOT NULL
  );
  ALTER TABLE rate_limit_hits SET UNLOGGED;
  CREATE INDEX IF NOT EXISTS rate_limit_hits_age ON rate_limit_hits (window_ends_at);
  DROP TABLE IF EXISTS login_failures;
  `,
};
