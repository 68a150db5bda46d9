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
