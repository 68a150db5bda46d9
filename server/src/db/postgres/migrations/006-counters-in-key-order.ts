// The per-account counters and versions are written in key order, each counter row once per statement
// (an UPDATE's -1 and +1 summed): the function before locked them in data order, decrements first, so
// two opposite isActive flips of one account locked the same two rows in opposite orders and deadlocked.
// Frozen text: never edit it, replace the function in a later migration.
export default {
  sql: `
  CREATE OR REPLACE FUNCTION vp_files_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_counts (account_id, file_status, is_active, n)
        SELECT account_id, file_status, is_active, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
      INSERT INTO files_version (account_id, v)
        SELECT account_id, 1 FROM new_rows GROUP BY 1 ORDER BY 1
        ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_counts (account_id, file_status, is_active, n)
        SELECT account_id, file_status, is_active, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
      INSERT INTO files_version (account_id, v)
        SELECT account_id, 1 FROM old_rows GROUP BY 1 ORDER BY 1
        ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
    ELSE
      INSERT INTO file_counts (account_id, file_status, is_active, n)
        SELECT account_id, file_status, is_active, sum(d) FROM (
            SELECT account_id, file_status, is_active, -1 AS d FROM old_rows
            UNION ALL SELECT account_id, file_status, is_active, 1 FROM new_rows) c
          GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
        ON CONFLICT (account_id, file_status, is_active) DO UPDATE SET n = file_counts.n + excluded.n;
      INSERT INTO files_version (account_id, v)
        SELECT account_id, 1 FROM (SELECT account_id FROM old_rows UNION SELECT account_id FROM new_rows) a ORDER BY 1
        ON CONFLICT (account_id) DO UPDATE SET v = files_version.v + 1;
    END IF;
    RETURN NULL;
  END $$;
  `,
};
