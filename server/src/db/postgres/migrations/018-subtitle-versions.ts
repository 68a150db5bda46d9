// Saved versions of a track's text (the cue editor, D38): each an object of the subtitle store of
// its own; the row's rendition_name points at the newest one while it is what the player serves.
// Version 1 is the upload itself and has no row.
export default {
  sql: `
  CREATE TABLE subtitle_versions (
    sub_id       bigint NOT NULL REFERENCES subtitles ON DELETE CASCADE,
    version_no   integer NOT NULL,
    storage_name text NOT NULL UNIQUE,
    size         integer NOT NULL,
    kind         text NOT NULL CHECK (kind IN ('edit', 'restore')),
    created_at   bigint NOT NULL,
    actor        text NOT NULL,
    PRIMARY KEY (sub_id, version_no)
  );
  `,
};
