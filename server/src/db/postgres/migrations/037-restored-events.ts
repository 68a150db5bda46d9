// A file back from the trash says so in its own 'added' event (decision D79): the file event log's
// function again (migration 35's, unchanged but for this), whose restored row now also carries
// 'restored': true. The webhooks told file.restored from file.created by the file's 'deleted' event,
// which the log keeps an hour while the trash keeps the file for days. Frozen text.
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
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT account_id, file_id, 'added',
          jsonb_build_object('file_id', n.file_id, 'file_server', n.file_server, 'file_title', n.file_title,
            'file_slug', n.file_slug, 'file_status', n.file_status, 'is_active', n.is_active, 'created_at', n.created_at,
            'file_image', n.file_image, 'file_slide', n.file_slide, 'version', n.version, 'deleted_at', n.deleted_at,
            'file_progress', n.file_progress, 'file_reason', n.file_reason, 'file_duration', n.file_duration,
            'file_width', n.file_width, 'file_height', n.file_height, 'player_access', n.player_access,
            'activate_at', n.activate_at, 'deactivate_at', n.deactivate_at,
            'downloads', n.downloads, 'download_video_bytes', n.download_video_bytes, 'download_audio_bytes', n.download_audio_bytes),
          at
        FROM new_rows n WHERE n.deleted_at IS NULL ORDER BY file_id;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO file_events (account_id, file_id, kind, created_at) SELECT abs(account_id), file_id, 'deleted', at FROM old_rows o
        ORDER BY file_id;
    ELSE
      INSERT INTO file_events (account_id, file_id, kind, changes, created_at)
        SELECT abs(account_id), file_id,
          CASE WHEN old_deleted IS NULL AND deleted_at IS NOT NULL THEN 'deleted'
               WHEN old_deleted IS NOT NULL AND deleted_at IS NULL THEN 'added'
               ELSE 'changed' END,
          coalesce(restored, changes), at
        FROM (
          SELECT n.account_id, n.file_id, n.deleted_at, o.deleted_at AS old_deleted,
            CASE WHEN n.file_status IS DISTINCT FROM o.file_status THEN jsonb_build_object('file_status', n.file_status) ELSE '{}' END
            || CASE WHEN n.file_progress IS DISTINCT FROM o.file_progress THEN jsonb_build_object('file_progress', n.file_progress) ELSE '{}' END
            || CASE WHEN n.file_reason IS DISTINCT FROM o.file_reason THEN jsonb_build_object('file_reason', n.file_reason) ELSE '{}' END
            || CASE WHEN n.file_server IS DISTINCT FROM o.file_server THEN jsonb_build_object('file_server', n.file_server) ELSE '{}' END
            || CASE WHEN n.file_title IS DISTINCT FROM o.file_title THEN jsonb_build_object('file_title', n.file_title) ELSE '{}' END
            || CASE WHEN n.file_slug IS DISTINCT FROM o.file_slug THEN jsonb_build_object('file_slug', n.file_slug) ELSE '{}' END
            || CASE WHEN n.is_active IS DISTINCT FROM o.is_active THEN jsonb_build_object('is_active', n.is_active) ELSE '{}' END
            || CASE WHEN n.file_image IS DISTINCT FROM o.file_image THEN jsonb_build_object('file_image', n.file_image) ELSE '{}' END
            || CASE WHEN n.file_slide IS DISTINCT FROM o.file_slide THEN jsonb_build_object('file_slide', n.file_slide) ELSE '{}' END
            || CASE WHEN n.file_duration IS DISTINCT FROM o.file_duration THEN jsonb_build_object('file_duration', n.file_duration) ELSE '{}' END
            || CASE WHEN n.file_width IS DISTINCT FROM o.file_width THEN jsonb_build_object('file_width', n.file_width) ELSE '{}' END
            || CASE WHEN n.file_height IS DISTINCT FROM o.file_height THEN jsonb_build_object('file_height', n.file_height) ELSE '{}' END
            || CASE WHEN n.activate_at IS DISTINCT FROM o.activate_at THEN jsonb_build_object('activate_at', n.activate_at) ELSE '{}' END
            || CASE WHEN n.deactivate_at IS DISTINCT FROM o.deactivate_at THEN jsonb_build_object('deactivate_at', n.deactivate_at) ELSE '{}' END
            || CASE WHEN n.deleted_at IS DISTINCT FROM o.deleted_at THEN jsonb_build_object('deleted_at', n.deleted_at) ELSE '{}' END
            || CASE WHEN n.player_access IS DISTINCT FROM o.player_access THEN jsonb_build_object('player_access', n.player_access) ELSE '{}' END
            || CASE WHEN n.downloads IS DISTINCT FROM o.downloads THEN jsonb_build_object('downloads', n.downloads) ELSE '{}' END
            || CASE WHEN n.download_video_bytes IS DISTINCT FROM o.download_video_bytes THEN jsonb_build_object('download_video_bytes', n.download_video_bytes) ELSE '{}' END
            || CASE WHEN n.download_audio_bytes IS DISTINCT FROM o.download_audio_bytes THEN jsonb_build_object('download_audio_bytes', n.download_audio_bytes) ELSE '{}' END
            AS changes,
            CASE WHEN o.deleted_at IS NOT NULL AND n.deleted_at IS NULL THEN
              jsonb_build_object('file_id', n.file_id, 'file_server', n.file_server, 'file_title', n.file_title,
                'file_slug', n.file_slug, 'file_status', n.file_status, 'is_active', n.is_active, 'created_at', n.created_at,
                'file_image', n.file_image, 'file_slide', n.file_slide, 'version', n.version, 'deleted_at', n.deleted_at,
                'file_progress', n.file_progress, 'file_reason', n.file_reason, 'file_duration', n.file_duration,
                'file_width', n.file_width, 'file_height', n.file_height, 'player_access', n.player_access,
                'activate_at', n.activate_at, 'deactivate_at', n.deactivate_at,
            'downloads', n.downloads, 'download_video_bytes', n.download_video_bytes, 'download_audio_bytes', n.download_audio_bytes,
            'restored', true)
            END AS restored
          FROM old_rows o JOIN new_rows n USING (file_id)) d
        WHERE changes <> '{}'
        ORDER BY file_id;
    END IF;
    GET DIAGNOSTICS written = ROW_COUNT;
    IF written > 0 THEN
      PERFORM pg_notify('vp_file_events', '');
    END IF;
    RETURN NULL;
  END $$;
  `,
};
