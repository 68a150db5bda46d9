// Bulk jobs (POST /api/files/bulk): one row per job, found again by its account's Idempotency-Key,
// and one row per file it touches with that file's outcome (NULL until done). The file's version
// when the job took it: a file edited since is a 'conflict', as an If-Match would be. The event
// log gets the kind 'job' (a job's progress).
export default {
  sql: `
  CREATE TABLE bulk_jobs (
    job_id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id      bigint NOT NULL,
    idempotency_key text NOT NULL,
    request_hash    text NOT NULL,
    action          text NOT NULL,
    filter          text,
    actor           text NOT NULL,
    source          text NOT NULL,
    state           text NOT NULL,
    total           integer NOT NULL,
    reason          text,
    created_at      bigint NOT NULL,
    finished_at     bigint,
    UNIQUE (account_id, idempotency_key)
  );
  CREATE TABLE bulk_job_files (
    job_id  bigint NOT NULL,
    file_id bigint NOT NULL,
    version integer NOT NULL,
    outcome text,
    reason  text,
    PRIMARY KEY (job_id, file_id)
  );
  ALTER TABLE file_events DROP CONSTRAINT file_events_kind_check;
  ALTER TABLE file_events ADD CONSTRAINT file_events_kind_check CHECK (kind IN ('added', 'changed', 'deleted', 'job'));
  `,
};
