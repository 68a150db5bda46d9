import { subtitleSchema as subtitleContract } from '../../../src/contract/subtitle';
import { subtitlePatchSchema } from '../../../src/contract/subtitle-patch';
import { SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES } from '../../../src/contract/subtitles';
import { envelope } from './common';
import { contractSchema } from './from-contract';

// Schemas of the subtitle routes: /api/subs/… and the upload, POST /api/files/sub.

/** The Subtitle of the API (src/contract/subtitle.ts), with the OpenAPI document's notes. */
export const subtitleSchema = contractSchema(subtitleContract, {
  sub_size: { description: 'Bytes stored.' },
  sub_name: { description: 'Sanitised original file name (metadata only).' },
  sub_charset: {
    description: 'The encoding the original is read with for the player (WHATWG name, or utf-32le/be); null until its rendition is built.',
  },
  created_at: { format: 'date-time' },
  version: { description: 'Bumped by every change; the ETag of GET /api/subs/{sub_id} is this number in quotes.' },
});

export const subtitleListReplySchema = envelope({
  type: 'object',
  required: ['subs'],
  properties: { subs: { type: 'array', items: subtitleSchema } },
});

/** The body of PUT /api/subs/:sub_id (src/contract/subtitle-patch.ts). */
export const subtitleEditBodySchema = contractSchema(subtitlePatchSchema, {
  sub_charset: { description: 'A WHATWG encoding label, or utf-32le/be' },
});

export const originalResponse = { type: 'string', format: 'binary', description: 'The bytes as uploaded' } as const;

/** POST /api/files/sub: documents the multipart body the handler reads itself (nothing is validated). */
export const subtitleUploadBodySchema = {
  type: 'object',
  required: ['subtitle_file', 'file_id', 'sub_lang'],
  properties: {
    subtitle_file: {
      type: 'string',
      format: 'binary',
      description: `${SUBTITLE_EXTENSIONS.join(', ')}; at most ${SUBTITLE_MAX_BYTES} bytes`,
    },
    file_id: { type: 'integer' },
    sub_lang: { type: 'string', description: 'A code of the kit language list' },
    sub_tmp: { type: 'string', description: '16 random letters or digits, "_", the original file name: the idempotency key' },
    sub_charset: {
      type: 'string',
      description:
        'Optional: the encoding of the file (a WHATWG label such as windows-1251, or utf-32le). Without it the server detects the encoding, with sub_lang as a prior. Only the player copy depends on it: the original bytes are kept as uploaded.',
    },
  },
} as const;

export const subtitleUploadReplySchema = envelope({ type: 'object', required: ['sub'], properties: { sub: subtitleSchema } });
