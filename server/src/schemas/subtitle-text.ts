import { subtitleVersionSchema } from '../../../src/contract/subtitle-version';
import { envelope, idSchema } from './common';
import { contractSchema } from './from-contract';

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

/** A version of a track's text (src/contract/subtitle-version.ts), keys and notes as the OpenAPI document has them. */
const version = contractSchema(subtitleVersionSchema, {
  version_no: { description: '1 is the upload; each save adds one.' },
  size: { description: 'Bytes stored (the upload: its original file).' },
  created_at: { format: 'date-time' },
  actor: { description: 'Who saved it; null for the upload.' },
});

export const versionSchema = {
  type: 'object',
  required: version.required,
  properties: { ...version.properties, kind: { type: 'string', ...version.properties.kind } },
};

export const versionsReplySchema = envelope({ type: 'array', items: versionSchema });

export const vttResponse = { type: 'string', description: 'UTF-8 WebVTT text, no BOM.' } as const;
