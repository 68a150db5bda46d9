import { envelope } from './common';

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

export const configReplySchema = envelope({
  type: 'object',
  required: ['player', 'imageHost', 'token', 'account'],
  properties: {
    account: {
      type: 'object',
      required: ['username'],
      description: 'Who is signed in, so the panel can say it',
      properties: { username: { type: 'string' } },
    },
    player: {
      type: 'object',
      required: ['domain', 'ui'],
      properties: {
        domain: { type: 'string', description: 'Player link = domain + encodeURIComponent(file_slug)' },
        ui: {
          type: 'object',
          properties: {
            primaryColor: { type: 'string' },
            autoplay: { type: 'boolean' },
            controls: { type: 'boolean' },
          },
        },
        embed: EMBED_SCHEMA,
      },
    },
    imageHost: { type: 'string', description: 'Image URL = imageHost + file_image' },
    token: { type: ['string', 'null'] },
    trash: {
      type: 'object',
      required: ['days'],
      description: 'How long a deleted file or subtitle stays in the trash (the delete dialogs say it)',
      properties: { days: { type: 'integer', description: 'Days before a purge; 0: kept until deleted for good' } },
    },
  },
});

export const embedBodySchema = {
  type: 'object',
  required: ['player'],
  additionalProperties: false,
  properties: { player: { type: 'object', required: ['embed'], additionalProperties: false, properties: { embed: EMBED_SCHEMA } } },
} as const;

export const embedReplySchema = envelope({
  type: 'object',
  required: ['player'],
  properties: { player: { type: 'object', properties: { embed: EMBED_SCHEMA } } },
});
