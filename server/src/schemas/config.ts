// Schemas of the config routes: GET and PUT /api/config.

/** The player parameters a new snippet starts from (docs/api.md, Player page parameters); absent: the player's default. */
export const EMBED_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  description: "The account's embed defaults: the player parameters every new snippet starts from",
  properties: {
    start: { type: 'number', minimum: 0, maximum: 36_000, description: 'Seconds' },
    autoplay: { type: 'boolean', description: 'Implies muted' },
    muted: { type: 'boolean' },
    loop: { type: 'boolean' },
    controls: { type: 'boolean' },
    subtitles: {
      type: 'string',
      pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
      description: 'A language code; a file without it shows none',
    },
    title: { type: 'boolean' },
  },
} as const;
