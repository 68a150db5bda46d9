import { envelope, errorEnvelope, htmlResponse } from './common';

// Schemas of the public player routes: /player/….

const slug = { type: 'string', maxLength: 300 } as const;

export const slugParams = { type: 'object', required: ['slug'], properties: { slug } } as const;

/** A script of the player build: player.js, embed.js. */
export const assetParams = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.js$' } },
} as const;

/** A subtitle track by its id: `<sub_id>.vtt`. */
export const trackParams = {
  type: 'object',
  required: ['slug', 'track'],
  properties: { slug, track: { type: 'string', pattern: '^\\d{1,15}\\.vtt$' } },
} as const;

export const playerPageResponses = {
  200: htmlResponse,
  301: htmlResponse,
  403: htmlResponse,
  404: htmlResponse,
  410: htmlResponse,
} as const;

/** A file's download (decision D67): its bytes or a range of them, or why not. */
export const downloadResponses = {
  200: { type: 'string', description: 'The bytes, as an attachment' },
  206: { type: 'string', description: 'A range of the bytes' },
  403: errorEnvelope,
  404: errorEnvelope,
} as const;

/** A WebVTT text, or the player's page saying the video is not available. */
export const webVttResponses = { 200: { type: 'string', description: 'WebVTT' }, 403: errorEnvelope, 404: htmlResponse } as const;

/** A playback grant, as the page gave it to its player (server/src/player/signed-links.ts). */
export const grantQuery = {
  type: 'object',
  required: ['grant'],
  properties: { grant: { type: 'string', maxLength: 1024 } },
} as const;

export const grantReplySchema = envelope({
  type: 'object',
  required: ['grant', 'expires_at'],
  properties: { grant: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } },
});
