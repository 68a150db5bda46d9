/** JSON schemas shared by the routes; the OpenAPI document is generated from them. */

export const statusSchema = { type: 'string', enum: ['success', 'warning', 'error'] } as const;

/** The envelope of every JSON reply: `{ status, message, data? }`. */
export function envelope(data?: object, description?: string) {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: ['status', 'message', ...(data ? ['data'] : [])],
    properties: { status: statusSchema, message: { type: 'string' }, ...(data ? { data } : {}) },
  } as const;
}

export const errorEnvelope = envelope(undefined, 'Error: `status` is "error" and `message` says what happened.');

/** Response schemas for the error statuses every route can return. */
export const errorResponses = { '4xx': errorEnvelope, '5xx': errorEnvelope } as const;

/** The 412 of a stale If-Match: an error envelope whose data is the resource as it is now. */
export const staleResponse = (current: object) =>
  envelope(current, 'If-Match names a version that is no longer current: `data` is the current one (its ETag in the header).');

export const fileSchema = {
  type: 'object',
  required: [
    'file_id',
    'file_server',
    'file_title',
    'file_slug',
    'file_status',
    'isActive',
    'created_at',
    'file_image',
    'file_slide',
    'file_progress',
    'file_reason',
    'file_duration',
    'file_width',
    'file_height',
  ],
  properties: {
    file_id: { type: 'integer' },
    file_server: { type: 'string' },
    file_title: { type: 'string' },
    file_slug: { type: 'string' },
    file_status: { type: 'integer', minimum: 0, maximum: 10, description: 'Set by the processing pipeline; read-only here.' },
    isActive: { type: 'integer', enum: [0, 1] },
    created_at: { type: 'string', format: 'date-time' },
    version: { type: 'integer', description: 'Bumped by every change; the ETag of GET /api/files/{id} is this number in quotes.' },
    deleted_at: { type: ['string', 'null'], format: 'date-time', description: 'When the file went to the trash; null while live.' },
    purge_at: {
      type: ['string', 'null'],
      format: 'date-time',
      description:
        'When the trash deletes it for good (VP_TRASH_DAYS after deleted_at); null while live or when the trash keeps files for ever.',
    },
    file_image: { type: ['string', 'null'], description: 'Appended to config imageHost: a JPEG frame once processed.' },
    file_slide: { type: ['string', 'null'], description: 'Appended to config imageHost: a storyboard sprite JPEG once processed.' },
    file_progress: { type: ['integer', 'null'], minimum: 0, maximum: 100, description: "Progress of the pipeline's current stage." },
    file_reason: { type: ['string', 'null'], description: 'Why the last stage failed (or is retried).' },
    file_duration: { type: ['number', 'null'], description: 'Seconds.' },
    file_width: { type: ['integer', 'null'] },
    file_height: { type: ['integer', 'null'] },
  },
} as const;

export const subtitleSchema = {
  type: 'object',
  required: ['sub_id', 'file_id', 'sub_lang', 'sub_size', 'sub_name', 'created_at'],
  properties: {
    sub_id: { type: 'integer' },
    file_id: { type: 'integer' },
    sub_lang: { type: 'string' },
    sub_size: { type: 'integer', description: 'Bytes stored.' },
    sub_name: { type: 'string', description: 'Sanitised original file name (metadata only).' },
    sub_charset: {
      type: 'string',
      nullable: true,
      description:
        'The encoding the original is read with for the player (WHATWG name, or utf-32le/be); null until its rendition is built.',
    },
    created_at: { type: 'string', format: 'date-time' },
    version: { type: 'integer', description: 'Bumped by every change; the ETag of GET /api/subs/{sub_id} is this number in quotes.' },
  },
} as const;

const MAX_ID = Number.MAX_SAFE_INTEGER;
export const idParam = (name: string) =>
  ({
    type: 'object',
    required: [name],
    properties: { [name]: { type: 'integer', minimum: 1, maximum: MAX_ID } },
  }) as const;

export const apiKeySecurity: Array<Record<string, string[]>> = [{ apiKey: [] }, { bearer: [] }];

export const htmlResponse = { type: 'string', description: 'An HTML page.' } as const;

/** The optional precondition of edits and deletes (documented in the OpenAPI document). */
export const ifMatchHeader = {
  type: 'object',
  properties: {
    'if-match': {
      type: 'string',
      maxLength: 1000,
      description: 'The ETag the client last saw: a stale one gets 412 with the current version in data. Without it the write goes ahead.',
    },
  },
} as const;
