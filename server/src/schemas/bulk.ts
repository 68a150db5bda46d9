import { BULK_ACTIONS, BULK_OUTCOMES } from '../db/bulk-jobs-repository';
import { envelope } from './common';
import { listQuerySchema } from './files';

// Schemas of the bulk routes: POST /api/files/bulk and GET /api/jobs/:id.

/** Ids one bulk request may name (the list's page holds at most 100); a larger set goes as a filter. */
export const MAX_BULK_IDS = 1000;

const { search, isActive, file_status } = listQuerySchema.properties;

export const bulkBodySchema = {
  type: 'object',
  required: ['action'],
  properties: {
    action: { type: 'string', enum: BULK_ACTIONS, description: 'delete moves to the trash; restore and purge act on the trash' },
    ids: { type: 'array', items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, minItems: 1, maxItems: MAX_BULK_IDS },
    filter: {
      type: 'object',
      description: "The list's filter (GET /api/files): every file it matches now; the trash for restore and purge",
      properties: { search, isActive, file_status },
      additionalProperties: false,
    },
    expected_count: { type: 'integer', minimum: 0, description: 'With a filter: the count the client showed; another count is a 409' },
  },
  additionalProperties: false,
} as const;

export const bulkIdempotencyHeader = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      maxLength: 200,
      description: 'Required: a replay with the same key returns the same job; the same key with another body is a 422.',
    },
  },
} as const;

const countsSchema = {
  type: 'object',
  required: ['pending', ...BULK_OUTCOMES],
  properties: Object.fromEntries(['pending', ...BULK_OUTCOMES].map((k) => [k, { type: 'integer' }])),
} as const;

export const bulkJobSchema = {
  type: 'object',
  required: ['id', 'action', 'state', 'total', 'counts', 'filter', 'reason', 'created_at', 'finished_at'],
  properties: {
    id: { type: 'integer' },
    action: { type: 'string', enum: BULK_ACTIONS },
    state: { type: 'string', enum: ['collecting', 'running', 'done', 'failed'] },
    total: { type: 'integer', description: 'Files of the job (while collecting: the count the filter matched)' },
    counts: countsSchema,
    filter: { type: ['object', 'null'], additionalProperties: true },
    reason: { type: ['string', 'null'], description: 'Why the job failed' },
    created_at: { type: 'string', format: 'date-time' },
    finished_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** The 409 of a filter whose count moved: an error envelope whose data is the count it matches now. */
export const countDriftResponse = envelope(
  { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
  'The filter matches another number of files than expected_count: nothing was changed; `data.count` is the new count.',
);

export const bulkReplySchema = envelope({ type: 'object', required: ['job'], properties: { job: bulkJobSchema } });

export const jobQuerySchema = {
  type: 'object',
  properties: {
    after: { type: 'integer', minimum: 0, default: 0, description: 'Results after this file_id (the next_after of the previous page)' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    outcome: { type: 'string', enum: ['pending', ...BULK_OUTCOMES] },
  },
} as const;

export const jobReplySchema = envelope({
  type: 'object',
  required: ['job', 'results', 'next_after'],
  properties: {
    job: bulkJobSchema,
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: ['file_id', 'outcome', 'reason'],
        properties: {
          file_id: { type: 'integer' },
          outcome: { type: 'string', enum: ['pending', ...BULK_OUTCOMES] },
          reason: { type: ['string', 'null'] },
        },
      },
    },
    next_after: { type: ['integer', 'null'], description: 'Pass as `after` for the next page; null on the last' },
  },
});
