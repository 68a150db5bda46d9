// Subtitle changes in the file event log (decision D61), so that webhooks deliver subtitle.* through the
// outbox like the files' events: a track added or back from the trash, changed (every change that bumps
// its version: language, encoding, the cue editor's saves and restores) or moved to the trash is a row
// of kind 'subtitle', written by this trigger in the transaction of the change. A purge writes none
// (the track went to the trash first, or its file did). vp.file_events = off (a seed) keeps it quiet, as
// it does vp_file_events(), which is left as migration 28 wrote it. An endpoint gets the events after
// the log's last one when it was created (from_event_id; 0 for those made before). Frozen text.
export default {
  sql: `
  ALTER TABLE file_events DROP CONSTRAINT file_events_kind_check;
  ALTER TABLE file_events ADD CONSTRAINT file_events_kind_check CHECK (kind IN ('added', 'changed', 'deleted', 'job', 'subtitle'));
  ALTER TABLE webhooks ADD COLUMN from_event_id bigint NOT NULL DEFAULT 0;
  CREATE FUNCTION vp_subtitle_events() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('vp.file_events', true) = 'off' THEN
      RETURN NULL;
    END IF;
    INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
      VALUES (NEW.account_id, NEW.file_id, 'subtitle',
        jsonb_build_object('sub_id', NEW.sub_id, 'sub_lang', NEW.sub_lang, 'change',
          CASE WHEN TG_OP = 'INSERT' THEN 'created'
               WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL THEN 'deleted'
               WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL THEN 'created'
               ELSE 'updated' END),
        (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
    RETURN NULL;
  END $$;
  CREATE TRIGGER subtitles_events_insert AFTER INSERT ON subtitles FOR EACH ROW WHEN (NEW.deleted_at IS NULL)
    EXECUTE FUNCTION vp_subtitle_events();
  CREATE TRIGGER subtitles_events_update AFTER UPDATE ON subtitles FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version)
    EXECUTE FUNCTION vp_subtitle_events();
  `,
};
