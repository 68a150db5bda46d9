import { TITLE_MAX_CHARACTERS } from '../../../src/contract/file-title';
import { SORT_COLUMNS } from '../db/files';
import { envelope, fileSchema } from '../routes/schemas';

// Schemas of the files routes: GET /api/files/ (query and reply) and PUT /api/files/:id (body).

export const listQuerySchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000_000, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    sort_by: { type: 'string', enum: Object.keys(SORT_COLUMNS), default: 'created_at' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    search: { type: 'string', maxLength: 200, description: 'Words of the title or slug (prefix match); digits also match file_id' },
    isActive: { type: 'integer', enum: [0, 1] },
    file_status: { type: 'integer', minimum: 0, maximum: 10 },
    trashed: { type: 'integer', enum: [0, 1], description: "1: the account's trash (same filters, sort and paging)" },
  },
} as const;

export const updateBodySchema = {
  type: 'object',
  properties: {
    file_title: {
      type: 'string',
      description: `At most ${TITLE_MAX_CHARACTERS} characters (code points) once trimmed of whitespace and invisible characters; no control or bidirectional override characters`,
    },
    file_slug: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
    isActive: { type: 'integer', enum: [0, 1] },
    file_status: { description: 'Never accepted: the processing pipeline owns it (400).' },
  },
} as const;

export const listReplySchema = envelope({
  type: 'object',
  required: ['files', 'pagination'],
  properties: {
    files: { type: 'array', items: fileSchema },
    pagination: {
      type: 'object',
      required: ['page', 'limit', 'total_records', 'total_pages'],
      properties: {
        page: { type: 'integer' },
        limit: { type: 'integer' },
        total_records: { type: 'integer' },
        total_pages: { type: 'integer' },
      },
    },
  },
});
