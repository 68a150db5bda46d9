// A subtitle event (migration 33's function) names its track's kind (decision D66): a chapters track's
// change is also the file's change that the panel's streams and the webhooks (file.updated) carry,
// written in the transaction of the change whatever made it (PUT or DELETE of a file's chapters, the
// cue editor's save, a version restored, the track restored from the trash); such an event wakes the
// nodes' readers as the files' events do (the webhooks' alone need no wake-up: the outbox polls). Frozen text.
export default {
  sql: `
  CREATE OR REPLACE FUNCTION vp_subtitle_events() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
      VALUES (NEW.account_id, NEW.file_id, 'subtitle',
        jsonb_build_object('sub_id', NEW.sub_id, 'sub_lang', NEW.sub_lang, 'track_kind', NEW.track_kind, 'change',
          CASE WHEN TG_OP = 'INSERT' THEN 'created'
               WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN 'deleted'
               WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN 'created'
               ELSE 'updated' END),
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
    IF NEW.track_kind = 'chapters' THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  `,
};
