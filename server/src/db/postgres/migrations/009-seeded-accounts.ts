// Which accounts the seed command created: seed may replace only their passwords. Frozen text.
export default {
  sql: `ALTER TABLE accounts ADD COLUMN seeded smallint NOT NULL DEFAULT 0`,
};
