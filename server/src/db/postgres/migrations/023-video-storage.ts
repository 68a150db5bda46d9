// The video storage of each account (VP_ACCOUNT_VIDEO_QUOTA_BYTES): one row per stored video object
// or folder (an upload waiting or in progress, by the bytes it reserved; a file's published media),
// and a counter per account kept in the same transactions, so the quota check reads one row.
// Frozen text.
export default {
  sql: `
  CREATE TABLE video_storage (
    media_key  text COLLATE "C" PRIMARY KEY, -- byte order: a folder's keys are one range of the index
    account_id bigint NOT NULL,
    file_id    bigint,
    bytes      bigint NOT NULL,
    created_at bigint NOT NULL
  );
  CREATE INDEX video_storage_file ON video_storage (file_id) WHERE file_id IS NOT NULL;
  CREATE INDEX video_storage_unclaimed ON video_storage (created_at) WHERE file_id IS NULL;
  CREATE TABLE account_video_bytes (account_id bigint PRIMARY KEY, bytes bigint NOT NULL);
  `,
};
