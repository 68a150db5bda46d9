import {
  BULK_RESULT_OUTCOMES,
  bulkJobPageSchema,
  bulkJobSchema as bulkJobContract,
  bulkResultSchema,
} from '../../../src/contract/bulk-job';
import { bulkRequestSchema, bulkSetRequestSchema } from '../../../src/contract/bulk-request';
import { csvResponse, envelope } from './common';
import { listQuerySchema } from './files';
import { contractSchema } from './from-contract';

// Schemas of the bulk routes: POST /api/files/bulk and GET /api/jobs/:id.

const derived = contractSchema(bulkRequestSchema, {
  action: { description: 'delete moves to the trash; restore and purge act on the trash' },
  filter: { description: "The list's filter (GET /api/files): every file it matches now; the trash for restore and purge" },
  expected_count: { description: 'With a filter: the count the client showed; another count is a 409' },
});
const { search, isActive, file_status, scheduled } = listQuerySchema.properties;
const { type, required, ...rest } = derived;

/** The filter of either body: the list's parameters, and nothing else. */
const filterProperty = {
  type: 'object',
  description: derived.properties.filter?.description,
  ...derived.properties.filter,
  properties: { search, isActive, file_status, scheduled },
  // A field the list does not have is a 400, not dropped (the server's Ajv removes what
  // `additionalProperties: false` refuses): a misspelled `is_active` would otherwise widen a
  // destructive job to every file, and the list's count, which ignores it too, would agree.
  additionalProperties: { not: {} },
};

/**
 * The body (src/contract/bulk-request.ts), its filter's parameters described as the list's; the first
 * keys keep the order the OpenAPI document has always written.
 */
export const bulkBodySchema = {
  type,
  required,
  ...rest,
  properties: {
    ...derived.properties,
    action: { type: 'string', ...derived.properties.action },
    filter: filterProperty,
  },
};

const set = contractSchema(bulkSetRequestSchema, {
  filter: { description: "The list's filter (GET /api/files): every live file it matches now" },
  expected_count: { description: 'With a filter: the count the client showed; another count is a 409' },
  player_access: { description: "The setting every file gets (PUT /api/files/{id}'s player_access); null: the account's default" },
  schedule: {
    description:
      'activate_at, deactivate_at or both, as PUT /api/files/{id} takes them (in the future, deactivation after activation); a key left out is left as each file has it, null clears it',
  },
});

/** The body of POST /api/files/bulk/set (src/contract/bulk-request.ts): ids or a filter, and one value. */
export const bulkSetBodySchema = { ...set, properties: { ...set.properties, filter: filterProperty } };

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

/** The job (src/contract/bulk-job.ts), keys and notes as the OpenAPI document has always written them. */
const job = contractSchema(bulkJobContract, {
  total: { description: 'Files of the job (while collecting: the count the filter matched)' },
  reason: { description: 'Why the job failed' },
  created_at: { format: 'date-time' },
  finished_at: { format: 'date-time' },
});
const { counts } = job.properties;

export const bulkJobSchema = {
  type: 'object',
  required: job.required,
  properties: {
    ...job.properties,
    action: { type: 'string', ...job.properties.action },
    state: { type: 'string', ...job.properties.state },
    counts: { type: 'object', required: counts!.required, properties: counts!.properties },
    // The filter as the job stored it, written as it is (fast-json-stringify drops the keys a schema
    // does not list).
    filter: { type: ['object', 'null'], additionalProperties: true },
  },
};

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
    outcome: { type: 'string', enum: BULK_RESULT_OUTCOMES },
  },
} as const;

const result = contractSchema(bulkResultSchema);
const page = contractSchema(bulkJobPageSchema, { next_after: { description: 'Pass as `after` for the next page; null on the last' } });

export const jobReplySchema = envelope({
  type: 'object',
  required: page.required,
  properties: {
    job: bulkJobSchema,
    results: {
      type: 'array',
      items: {
        type: 'object',
        required: result.required,
        properties: { ...result.properties, outcome: { type: 'string', ...result.properties.outcome } },
      },
    },
    next_after: page.properties.next_after,
  },
});

export const resultsCsvResponse = csvResponse("The job's results, one line a file");
