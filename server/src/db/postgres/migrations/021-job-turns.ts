// Jobs take turns across accounts (issue 37: one account's backlog held every other account's video
// behind it). Each job names the account it works for and has a turn (see JobQueue): a claim takes
// the due job of the lowest turn, and a new job takes the turn at the queue's head or the one after
// its account's last job, whichever is later. Jobs already queued get their account (their file's,
// their bulk job's) and turns 0, 1, 2 … within each account in the order they were queued. The claim
// reads the turn index, so run_at's own index goes; the head (the lowest turn no worker has tried) is
// the first entry of a partial index, whatever the planner's statistics say. Frozen text.
export default {
  sql: `
  ALTER TABLE jobs ADD COLUMN account_id bigint NOT NULL DEFAULT 0, ADD COLUMN turn bigint NOT NULL DEFAULT 0;
  UPDATE jobs j SET account_id = abs(f.account_id) FROM files f
    WHERE j.kind = 'process-file' AND f.file_id = (j.payload::jsonb ->> 'file_id')::bigint;
  UPDATE jobs j SET account_id = b.account_id FROM bulk_jobs b
    WHERE j.kind = 'bulk-files' AND b.job_id = (j.payload::jsonb ->> 'bulk_job_id')::bigint;
  UPDATE jobs j SET turn = r.n
    FROM (SELECT job_id, row_number() OVER (PARTITION BY kind, account_id ORDER BY job_id) - 1 AS n FROM jobs) r
    WHERE r.job_id = j.job_id;
  DROP INDEX jobs_due;
  CREATE INDEX jobs_turn ON jobs (kind, turn, job_id);
  CREATE INDEX jobs_account ON jobs (kind, account_id, turn);
  CREATE INDEX jobs_untried ON jobs (kind, turn) WHERE attempts = 0;
  `,
};
