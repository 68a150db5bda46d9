// Downloads (decision D67): a file's own setting (1 allowed, 0 not, NULL its account's), the bytes of
// the MP4 and the M4A it has stored (NULL: none), and each account's setting (no row: not allowed).
// Downloads send no file event: vp_file_events() (migration 28's) is left as it is. Frozen text.
export default {
  sql: `
  ALTER TABLE files ADD COLUMN downloads smallint;
  ALTER TABLE files ADD COLUMN download_video_bytes bigint;
  ALTER TABLE files ADD COLUMN download_audio_bytes bigint;
  CREATE TABLE account_downloads (
    account_id bigint PRIMARY KEY,
    allowed    smallint NOT NULL
  );
  `,
};
