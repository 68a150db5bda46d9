// The trash. A trashed file keeps its row with deleted_at set and its account_id negated, so the
// list's covering indexes (all led by account_id), its counters and its search words keep the
// account's live files and its trash apart with no new index: the trash is the same range reads
// under -account_id. Hence no foreign key from files.account_id (no account is ever deleted).
// A trashed subtitle only gets deleted_at (a file's tracks are few and read by file_id).
export default {
  sql: `
  ALTER TABLE files DROP CONSTRAINT IF EXISTS files_account_id_fkey;
  ALTER TABLE files ADD COLUMN deleted_at bigint;
  ALTER TABLE subtitles ADD COLUMN deleted_at bigint;
  CREATE INDEX files_trashed ON files (deleted_at) WHERE deleted_at IS NOT NULL;
  CREATE INDEX subtitles_trashed ON subtitles (deleted_at) WHERE deleted_at IS NOT NULL;
  `,
};
