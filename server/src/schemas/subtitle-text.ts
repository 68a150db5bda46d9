import { envelope, idSchema } from './common';

// Schemas of the subtitle text routes: /api/subs/:sub_id/vtt and its versions.

export const versionParams = {
  type: 'object',
  required: ['sub_id', 'n'],
  properties: { sub_id: idSchema, n: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 } },
} as const;

export const requiredIfMatch = {
  type: 'object',
  properties: { 'if-match': { type: 'string', maxLength: 1000, description: 'The ETag of the text the edit started from: required.' } },
} as const;

export const versionSchema = {
  type: 'object',
  required: ['version_no', 'kind', 'size', 'created_at', 'actor'],
  properties: {
    version_no: { type: 'integer', description: '1 is the upload; each save adds one.' },
    kind: { type: 'string', enum: ['upload', 'edit', 'restore'] },
    size: { type: 'integer', description: 'Bytes stored (the upload: its original file).' },
    created_at: { type: 'string', format: 'date-time' },
    actor: { type: ['string', 'null'], description: 'Who saved it; null for the upload.' },
  },
} as const;

export const versionsReplySchema = envelope({ type: 'array', items: versionSchema });

export const vttResponse = { type: 'string', description: 'UTF-8 WebVTT text, no BOM.' } as const;
