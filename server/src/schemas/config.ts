import { configSchema, embedDefaultsBodySchema, LANGUAGE_CODE, playerParamsSchema } from '../../../src/contract/config';
import { playerAccessSchema } from '../../../src/contract/player-access';
import { envelope } from './common';
import { CONTRACT, contractSchema } from './from-contract';

// Schemas of the config routes: GET and PUT /api/config (src/contract/config.ts).

const embed = contractSchema(playerParamsSchema, {
  start: { description: 'Seconds' },
  autoplay: { description: 'Implies muted' },
  subtitles: { pattern: LANGUAGE_CODE.source, description: 'A language code; a file without it shows none' },
});

/** The player parameters a new snippet starts from (docs/api.md, Player page parameters); absent: the player's default. */
export const EMBED_SCHEMA = {
  type: embed.type,
  // The contract's object drops the keys it does not list: Ajv's removeAdditional does it by this.
  additionalProperties: false,
  description: "The account's embed defaults: the player parameters every new snippet starts from",
  properties: embed.properties,
};

/** Where a file's player may play (src/contract/player-access.ts); the host names are checked by the route (a 400 that names the bad one). */
export const PLAYER_ACCESS_SCHEMA = contractSchema(playerAccessSchema, {
  embed: { description: 'anywhere: any site may embed the player; sites: only those listed; nowhere: its link opens, no site embeds it' },
  sites: { description: 'Host names, *.example.com for any subdomain; at most 50' },
  signed: { description: 'The player page and its media need a signed, unexpired ?token=' },
  allow_no_referrer: { description: 'Whether a request that names no site (no Referer or Origin) is served' },
});

const config = contractSchema(configSchema, {
  account: { description: 'Who is signed in, so the panel can say it' },
  imageHost: { description: 'Image URL = imageHost + file_image' },
  trash: { description: 'How long a deleted file or subtitle stays in the trash (the delete dialogs say it)' },
});
const { account, player, imageHost, token, trash } = config.properties;

/** An account's downloads setting (decision D67). */
const DOWNLOADS_SCHEMA = {
  type: 'object',
  required: ['allowed'],
  additionalProperties: false,
  description:
    "Whether the account's files may be downloaded (an MP4 and an M4A) unless a file says otherwise; absent: never set, not allowed",
  properties: { allowed: { type: 'boolean' } },
} as const;

export const configReplySchema = envelope({
  type: 'object',
  required: ['player', 'imageHost', 'token', 'account'],
  properties: {
    account: { type: 'object', required: account!.required, description: account!.description, properties: account!.properties },
    player: {
      type: 'object',
      required: player!.required,
      properties: {
        ...player!.properties,
        domain: { ...player!.properties!.domain, description: 'Player link = domain + encodeURIComponent(file_slug)' },
        embed: EMBED_SCHEMA,
        access: { ...PLAYER_ACCESS_SCHEMA, description: "Where the account's files play unless a file says otherwise; absent: anywhere" },
      },
    },
    imageHost,
    token,
    trash: {
      type: 'object',
      required: trash!.required,
      description: trash!.description,
      properties: { days: { ...trash!.properties!.days, description: 'Days before a purge; 0: kept until deleted for good' } },
    },
    downloads: DOWNLOADS_SCHEMA,
  },
});

const body = contractSchema(embedDefaultsBodySchema);

/** The body of PUT /api/config; its type is the contract's. */
export const embedBodySchema = {
  type: body.type,
  required: body.required,
  additionalProperties: false,
  properties: {
    player: { type: 'object', additionalProperties: false, properties: { embed: EMBED_SCHEMA, access: PLAYER_ACCESS_SCHEMA } },
    downloads: DOWNLOADS_SCHEMA,
  },
  [CONTRACT]: embedDefaultsBodySchema,
};

export const embedReplySchema = envelope({
  type: 'object',
  required: ['player'],
  properties: {
    player: { type: 'object', properties: { embed: EMBED_SCHEMA, access: PLAYER_ACCESS_SCHEMA } },
    downloads: DOWNLOADS_SCHEMA,
  },
});
