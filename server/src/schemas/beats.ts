import { SESSION_ID } from '../../../src/contract/view-beats';
import { envelope, errorResponses } from './common';

// Schemas of POST /api/beats (src/contract/view-beats.ts): the player page's view beats.

/** A slug is at most this long (src/contract/file-slug.ts keeps them far shorter). */
const SLUG_MAX = 200;

export const beatBodySchema = {
  type: 'object',
  required: ['file', 'session', 'position', 'played', 'elapsed'],
  properties: {
    file: { type: 'string', minLength: 1, maxLength: SLUG_MAX, description: "The file's slug (its player URL's)" },
    session: {
      type: 'string',
      pattern: SESSION_ID.source,
      description: 'A random id of this page load (32 hex digits): no cookie, nothing stored in the browser',
    },
    position: { type: 'number', minimum: 0, maximum: 360_000, description: 'The playhead, in seconds' },
    played: {
      type: 'number',
      minimum: 0,
      maximum: 86_400,
      description: 'Seconds played since the previous beat (or the page load): playing time, never a seek’s jump',
    },
    elapsed: { type: 'number', minimum: 0, maximum: 86_400, description: 'Seconds since the previous beat (or the page load)' },
    ended: { type: 'boolean', default: false, description: 'Playback reached the end' },
    host: {
      type: 'string',
      maxLength: 300,
      default: '',
      description: "The host of the page embedding the player (its Referer); '' when the player was opened directly",
    },
  },
} as const;

export const beatResponses = { 202: envelope(), ...errorResponses } as const;
