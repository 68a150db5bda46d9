// Slugs are unique whatever their ASCII case (slugs are ASCII: lower() is enough), and a slug freed
// by a rename or a purge is held for its account for a while (player URLs on customers' sites).
export default {
  sql: `
  CREATE UNIQUE INDEX files_slug_key ON files (lower(file_slug));
  CREATE TABLE slug_holds (
    slug_key   text COLLATE "C" PRIMARY KEY,
    account_id bigint NOT NULL,
    file_id    bigint NOT NULL,
    held_until bigint NOT NULL
  );
  `,
};
