import { apiKeyCreateSchema, apiKeySchema } from '../../../src/contract/api-key';
import { envelope } from './common';
import { contractSchema } from './from-contract';

// Schemas of the API key routes: /api/keys (src/contract/api-key.ts).

export const apiKeyCreateBodySchema = contractSchema(apiKeyCreateSchema, {
  name: { description: 'Names the key in the list and in the activity log ("by key CMS sync"); unique in the account' },
  scope: {
    description: 'read: lists, files, subtitles, activity; write: read plus edits, subtitles, bulk, trash; upload: add videos only',
  },
  expires_at: { description: 'When the key stops working (in the future); absent: never' },
});

const key = contractSchema(apiKeySchema, {
  created_at: { format: 'date-time' },
  last_used_on: { description: 'The UTC day of the last use (day precision), null when never used', format: 'date' },
  expires_at: { format: 'date-time' },
});

export const apiKeyReplySchema = envelope({
  type: 'object',
  required: ['key', 'apiKey'],
  properties: { key, apiKey: { type: 'string', description: 'The key itself (vpk_…): shown only in this reply' } },
});

export const apiKeysReplySchema = envelope({ type: 'object', required: ['keys'], properties: { keys: { type: 'array', items: key } } });
