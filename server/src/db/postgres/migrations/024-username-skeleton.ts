// Look-alike usernames (issue 37): each account's confusables skeleton (lib/username-skeleton.ts),
// unique, so "dеmo" with a Cyrillic е cannot be created beside "demo", even by two racing requests.
// Null until the server fills it at start (a migration never calls live code). Frozen text.
export default {
  sql: `
  ALTER TABLE accounts ADD COLUMN username_skeleton text;
  CREATE UNIQUE INDEX accounts_username_skeleton ON accounts (username_skeleton);
  `,
};
