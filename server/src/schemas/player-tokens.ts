import { envelope } from './common';

// Schemas of POST /api/files/:id/player-token.

export const playerTokenBodySchema = {
  type: 'object',
  required: ['expires_in'],
  additionalProperties: false,
  properties: {
    expires_in: { type: 'integer', minimum: 1, description: 'Seconds the link opens the player for (at most VP_PLAYER_TOKEN_MAX_DAYS)' },
    site: { type: 'string', maxLength: 253, description: 'The one host name (or *.example.com) that may frame the player with this link' },
  },
} as const;

export const playerTokenReplySchema = envelope({
  type: 'object',
  required: ['token', 'expires_at', 'url'],
  properties: {
    token: { type: 'string', description: 'Add to the player page as ?token=' },
    expires_at: { type: 'string', format: 'date-time' },
    url: { type: 'string', description: 'The player link with the token' },
  },
});
