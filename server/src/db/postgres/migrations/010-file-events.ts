// The append-only log of file changes that GET /api/files/events streams (ids are the SSE ids),
// written by statement triggers on files: an insert is 'added', a delete 'deleted', an update of a
// watched column 'changed' with the changed columns (read generically from the rows, so a column
// added later needs no new trigger), and a deleted_at (the trash) set or cleared 'deleted' or
// 'added' (a trashed row keeps its account negated, decision D31: the event goes to abs(account_id)).
// Every node LISTENs on vp_file_events. A seed sets vp.file_events = 'off' locally.
export default {
  sql: `
  CREATE TABLE file_events (
    id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id bigint NOT NULL,
    file_id    bigint NOT NULL,
    kind       text NOT NULL CHECK (kind IN ('added', 'changed', 'deleted')),
    changes    jsonb,
    created_at bigint NOT NULL
  );
  CREATE INDEX file_events_account ON file_events (account_id, id);
  CREATE INDEX file_events_age ON file_events (created_at);
  CREATE FUNCTION vp_file_events() RETURNS trigger LANGUAGE plpgsql AS $$
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
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT account_id, file_id, 'deleted', at FROM old_rows o
        WHERE to_jsonb(o) ->> 'deleted_at' IS NULL ORDER BY file_id;
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
  CREATE TRIGGER files_events_inserted AFTER INSERT ON files REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_events();
  CREATE TRIGGER files_events_deleted AFTER DELETE ON files REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_events();
  CREATE TRIGGER files_events_updated AFTER UPDATE ON files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION vp_file_events();
  `,
};
