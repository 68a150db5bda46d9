import { subtitleSchema as subtitleContract } from '../../../src/contract/subtitle';
import { contractSchema } from './from-contract';

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
