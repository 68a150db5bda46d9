import { FILE_STATUS } from '../../../src/contract/file-status';
import { envelope } from './common';
import { reportSchema } from './pipeline';

// Schemas of the pipeline API's job routes: /api/pipeline/jobs/… (a worker that reaches nothing but the API).

const attempt = { type: 'integer', minimum: 1, description: "The attempt the worker holds (the claimed job's `attempts`)." } as const;
const reason = { type: 'string', minLength: 1, maxLength: 1000 } as const;
const folder = { type: 'string', maxLength: 300, description: 'The folder `POST …/folder` gave (`files/<id>-<random>/`).' } as const;

/** A body that names only the attempt. */
export const attemptBodySchema = { type: 'object', required: ['attempt'], properties: { attempt }, additionalProperties: false } as const;

export const claimBodySchema = {
  type: 'object',
  properties: { lease_ms: { type: 'integer', minimum: 3_000, maximum: 3_600_000, default: 60_000 } },
  additionalProperties: false,
} as const;

export const extendBodySchema = {
  type: 'object',
  required: ['attempt'],
  properties: { attempt, lease_ms: { type: 'integer', minimum: 3_000, maximum: 3_600_000, default: 60_000 } },
  additionalProperties: false,
} as const;

export const retryLaterBodySchema = {
  type: 'object',
  required: ['attempt', 'reason', 'delay_ms'],
  properties: { attempt, reason, delay_ms: { type: 'integer', minimum: 0, maximum: 86_400_000 } },
  additionalProperties: false,
} as const;

export const failedBodySchema = {
  type: 'object',
  required: ['attempt', 'reason'],
  properties: { attempt, reason },
  additionalProperties: false,
} as const;

/** The steps a worker reports itself (Uploaded and later go through published and complete, which also write the storage records). */
export const REPORTED_STEPS = [FILE_STATUS.received, FILE_STATUS.downloading, FILE_STATUS.downloaded, FILE_STATUS.uploading];

const {
  file_status: _status,
  file_image: _image,
  file_slide: _slide,
  file_rendition: _rendition,
  ...reportFields
} = reportSchema.properties;
export const jobReportBodySchema = {
  type: 'object',
  required: ['attempt'],
  properties: { attempt, file_status: { type: ['integer', 'null'], enum: [...REPORTED_STEPS, null] }, ...reportFields },
  additionalProperties: false,
} as const;

export const uploadsBodySchema = {
  type: 'object',
  required: ['attempt', 'folder', 'names'],
  properties: {
    attempt,
    folder,
    names: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: { type: 'string', minLength: 1, maxLength: 200 },
      description: 'Names under the folder (`720p/seg-003.ts`), one URL each.',
    },
  },
  additionalProperties: false,
} as const;

export const folderBodySchema = {
  type: 'object',
  required: ['attempt', 'folder'],
  properties: { attempt, folder },
  additionalProperties: false,
} as const;

export const discardBodySchema = {
  type: 'object',
  required: ['attempt', 'folder', 'owned', 'gone'],
  properties: { attempt, folder: { ...folder, type: ['string', 'null'] }, owned: { type: 'boolean' }, gone: { type: 'boolean' } },
  additionalProperties: false,
} as const;

const claimedJobSchema = {
  type: 'object',
  required: ['job_id', 'kind', 'payload', 'attempts', 'max_attempts', 'last_error'],
  properties: {
    job_id: { type: 'integer' },
    kind: { type: 'string' },
    payload: {
      type: 'object',
      description: '`file_id`, and `source`: `{ media_key }` (an upload) or `{ url }`.',
      additionalProperties: true,
    },
    attempts: { type: 'integer', description: 'Counting this one.' },
    max_attempts: { type: 'integer' },
    last_error: { type: ['string', 'null'] },
  },
} as const;

export const claimReplySchema = envelope({
  type: 'object',
  required: ['job'],
  properties: { job: { anyOf: [claimedJobSchema, { type: 'null' }] } },
});

export const extendReplySchema = envelope({ type: 'object', required: ['mine'], properties: { mine: { type: 'boolean' } } });

export const sourceReplySchema = envelope({
  type: 'object',
  required: ['url'],
  properties: {
    url: { type: 'string', description: "A URL to GET the upload from (relative to the API's origin), or the job's own URL to download." },
    policy: {
      type: 'object',
      description: "For a URL source: what the download may fetch (the same policy as the server's own worker).",
      required: ['allow_hosts', 'max_bytes', 'timeout_ms'],
      properties: {
        allow_hosts: { type: 'array', items: { type: 'string' } },
        max_bytes: { type: 'integer' },
        timeout_ms: { type: 'integer' },
        too_large_reason: { type: 'string' },
      },
    },
  },
});

export const folderReplySchema = envelope({
  type: 'object',
  required: ['folder'],
  properties: { folder: { type: 'string' }, downloads: { type: 'boolean' } },
});

export const uploadsReplySchema = envelope({
  type: 'object',
  required: ['urls', 'expires_at'],
  properties: {
    urls: {
      type: 'array',
      items: { type: 'object', required: ['name', 'url'], properties: { name: { type: 'string' }, url: { type: 'string' } } },
    },
    expires_at: { type: 'string', format: 'date-time' },
  },
});

export const doneReplySchema = envelope();

/** The query of a job media URL (GET or PUT /api/pipeline/media): what it grants, and its signature. */
export const grantQuerySchema = {
  type: 'object',
  required: ['job', 'attempt', 'key', 'expires', 'sig'],
  properties: {
    job: { type: 'integer', minimum: 1 },
    attempt: { type: 'integer', minimum: 1 },
    key: { type: 'string', maxLength: 300 },
    expires: { type: 'integer', minimum: 0 },
    sig: { type: 'string', maxLength: 100 },
  },
} as const;
