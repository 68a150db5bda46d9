// Versions of files and subtitles (ETag / If-Match): every change bumps them; existing rows start at 1
// (a constant default: no table rewrite).
export default {
  sql: `
  ALTER TABLE files ADD COLUMN version integer NOT NULL DEFAULT 1;
  ALTER TABLE subtitles ADD COLUMN version integer NOT NULL DEFAULT 1;
  `,
};
