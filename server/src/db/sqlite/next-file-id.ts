/**
 * The id of a new file on SQLite. SQLite gives a new row max(file_id) + 1, so a purged file's id (the
 * newest one's) would come back, and the new file would inherit the purged file's activity log, which
 * outlives it (decision D36): ids go past every id the log has seen too. PostgreSQL's sequence never
 * gives an id twice. Both maxima are index reads.
 */
export const NEXT_FILE_ID =
  'SELECT coalesce(max(m), 0) + 1 FROM (SELECT max(file_id) AS m FROM files UNION ALL SELECT max(file_id) FROM file_activity)';
