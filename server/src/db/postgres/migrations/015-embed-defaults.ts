// Each account's embed defaults: the player parameters every new snippet of its files starts from,
// as the query string the player reads ("autoplay=1&loop=1"); no row: the player's own defaults.
export default {
  sql: `
  CREATE TABLE IF NOT EXISTS account_embed_defaults (
    account_id bigint PRIMARY KEY,
    params     text NOT NULL
  );
  `,
};
