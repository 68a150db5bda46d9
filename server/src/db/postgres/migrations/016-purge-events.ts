// A file deleted for good from the trash is a 'deleted' event of its account too (abs(account_id): a
// trashed row keeps its account negated), so an open Trash view drops it live; the function of the
// event log's migration is replaced, its triggers stay. Frozen text.
export default {
  sql: `
  CREATE OR REPLACE FUNCTION vp_file_events() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    watched text[] := ARRAY['file_status', 'file_progress', 'file_reason', 'file_server', 'file_title', 'file_slug', 'is_active',
      'file_image', 'file_slide', 'file_duration', 'file_width', 'file_height', 'deleted_at'];
    at bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    written bigint;
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'added', at FROM new_rows n
        WHERE to_jsonb(n) ->> 'deleted_at' IS NULL ORDER BY file_id;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT abs(account_id), file_id, 'deleted', at FROM old_rows o
        ORDER BY file_id;
    ELSE
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT c.account_id, c.file_id,
          CASE WHEN c.o ->> 'deleted_at' IS NULL AND c.n ->> 'deleted_at' IS NOT NULL THEN 'deleted'
               WHEN c.o ->> 'deleted_at' IS NOT NULL AND c.n ->> 'deleted_at' IS NULL THEN 'added'
               ELSE 'changed' END,
          d.changes, at
        FROM (SELECT abs(n.account_id) AS account_id, n.file_id, to_jsonb(o) AS o, to_jsonb(n) AS n FROM old_rows o JOIN new_rows n USING (file_id)) c
        CROSS JOIN LATERAL (
          SELECT jsonb_object_agg(e.key, e.value) AS changes FROM jsonb_each(c.n) e
          WHERE e.key = ANY (watched) AND e.value IS DISTINCT FROM c.o -> e.key) d
        WHERE d.changes IS NOT NULL
        ORDER BY c.file_id;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  `,
};
