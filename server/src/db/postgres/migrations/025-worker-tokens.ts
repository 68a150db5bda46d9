// Named worker tokens of the pipeline API (only their SHA-256 is stored; a revoked one keeps its row and
// name), and the pipeline's workers by name: when each was last seen and how many jobs it ended.
// Frozen text.
export default {
  sql: `
  CREATE TABLE worker_tokens (
    name         text COLLATE "C" PRIMARY KEY,
    token_hash   bytea NOT NULL UNIQUE,
    created_at   bigint NOT NULL,
    last_used_at bigint,
    revoked_at   bigint
  );
  CREATE TABLE pipeline_workers (
    name         text COLLATE "C" PRIMARY KEY,
    last_seen_at bigint NOT NULL,
    jobs_done    integer NOT NULL DEFAULT 0,
    jobs_failed  integer NOT NULL DEFAULT 0
  );
  `,
};
