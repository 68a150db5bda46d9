// The file event log's function again, with the same events: an UPDATE's changes are read from the
// watched columns by name, not by turning both whole rows (search words included) into jsonb and
// walking every key, which cost ~250 µs a row and was most of a bulk job's batch (its 200-row UPDATE
// spent 50 ms in this trigger). Frozen text.
export default {
  sql: `
  CREATE OR REPLACE FUNCTION vp_file_events() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    at bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
    written bigint;
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'INSERT' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'added', at FROM new_rows n
        WHERE n.deleted_at IS NULL ORDER BY file_id;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT abs(account_id), file_id, 'deleted', at FROM old_rows o
        ORDER BY file_id;
    ELSE
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT abs(n.account_id), n.file_id,
          CASE WHEN o.deleted_at IS NULL AND n.deleted_at IS NOT NULL THEN 'deleted'
               WHEN o.deleted_at IS NOT NULL AND n.deleted_at IS NULL THEN 'added'
               ELSE 'changed' END,
          d.changes, at
        FROM old_rows o JOIN new_rows n USING (file_id)
        CROSS JOIN LATERAL (
          SELECT jsonb_object_agg(c.k, c.v) AS changes FROM (VALUES
          ('file_status', to_jsonb(n.file_status), n.file_status IS DISTINCT FROM o.file_status),
          ('file_progress', to_jsonb(n.file_progress), n.file_progress IS DISTINCT FROM o.file_progress),
          ('file_reason', to_jsonb(n.file_reason), n.file_reason IS DISTINCT FROM o.file_reason),
          ('file_server', to_jsonb(n.file_server), n.file_server IS DISTINCT FROM o.file_server),
          ('file_title', to_jsonb(n.file_title), n.file_title IS DISTINCT FROM o.file_title),
          ('file_slug', to_jsonb(n.file_slug), n.file_slug IS DISTINCT FROM o.file_slug),
          ('is_active', to_jsonb(n.is_active), n.is_active IS DISTINCT FROM o.is_active),
          ('file_image', to_jsonb(n.file_image), n.file_image IS DISTINCT FROM o.file_image),
          ('file_slide', to_jsonb(n.file_slide), n.file_slide IS DISTINCT FROM o.file_slide),
          ('file_duration', to_jsonb(n.file_duration), n.file_duration IS DISTINCT FROM o.file_duration),
          ('file_width', to_jsonb(n.file_width), n.file_width IS DISTINCT FROM o.file_width),
          ('file_height', to_jsonb(n.file_height), n.file_height IS DISTINCT FROM o.file_height),
          ('deleted_at', to_jsonb(n.deleted_at), n.deleted_at IS DISTINCT FROM o.deleted_at)
          ) c(k, v, changed) WHERE c.changed) d
        WHERE d.changes IS NOT NULL
        ORDER BY n.file_id;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  `,
};
