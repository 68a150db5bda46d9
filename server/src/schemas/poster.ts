import { envelope, ifMatchHeader } from './common';
import { fileSchema } from './files';

// Schemas of PUT and DELETE /api/files/{id}/poster: the poster the operator chooses (issue 43, decision D65).

/** A frame of the video: seconds from its start, within its duration. */
const timeBody = {
  type: 'object',
  required: ['time'],
  additionalProperties: false,
  properties: { time: { type: 'number', minimum: 0, description: 'Seconds from the start of the video, less than its duration.' } },
} as const;

/** An uploaded image; read by the handler as it streams in, so nothing is validated here. */
const imageBody = {
  description: 'multipart/form-data with one part, `image`: a JPEG, PNG or WebP (by its bytes) of at most VP_POSTER_MAX_BYTES.',
} as const;

export const posterBodySchema = {
  content: {
    'application/json': { schema: timeBody },
    'multipart/form-data': { schema: imageBody },
  },
} as const;

export const posterHeaders = ifMatchHeader;

/** The file as it is after the change (its file_image names the new poster; its ETag is its version). */
export const posterReplySchema = envelope(fileSchema);
