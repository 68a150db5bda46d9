// Bulk jobs that set a value (decision D63): the job's values (player access, schedule times) as JSON,
// and per file the values it had before the job changed it (`prior`, what its undo writes back) and, in
// an undo's job, the values to write (`target`). Scheduled files are listed by their own partial index
// (the list's Scheduled filter), live or in the trash by the sign of account_id. The file event log's
// function is not changed. Frozen text.
export default {
  sql: `
  ALTER TABLE bulk_jobs ADD COLUMN params text;
  ALTER TABLE bulk_job_files ADD COLUMN prior text, ADD COLUMN target text;
  CREATE INDEX files_scheduled ON files (account_id, file_id) WHERE activate_at IS NOT NULL OR deactivate_at IS NOT NULL;
  `,
};
