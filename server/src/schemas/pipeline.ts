import { FILE_STATUS, FILE_STATUS_MAX } from '../../../src/contract/file-status';
import { envelope } from './common';
import { fileSchema } from './files';

// Schemas of the pipeline API: /api/pipeline/….

const { version, deleted_at, purge_at, ...fileFields } = fileSchema.properties;

/** The file as the pipeline sees it: the File of the API, its rendition's media key, and where its source is. */
export const pipelineFileSchema = {
  type: 'object',
  required: [...(fileSchema.required ?? []), 'file_rendition', 'source'],
  // The pipeline's two fields come before version and the trash's times, where this API has always written them.
  properties: {
    ...fileFields,
    file_rendition: { type: ['string', 'null'], description: 'Media key of the HLS master playlist.' },
    source: {
      type: ['object', 'null'],
      description: 'While it waits for processing: `url` to download (with the pipeline token when it is this server).',
      properties: { url: { type: 'string' } },
    },
    version,
    deleted_at,
    purge_at,
  },
} as const;

export const reportSchema = {
  type: 'object',
  properties: {
    file_status: { type: 'integer', minimum: 0, maximum: FILE_STATUS_MAX },
    file_server: { type: 'string', maxLength: 200 },
    file_progress: { type: ['integer', 'null'], minimum: 0, maximum: 100 },
    file_reason: { type: ['string', 'null'], maxLength: 1000 },
    file_duration: { type: ['number', 'null'], minimum: 0 },
    file_width: { type: ['integer', 'null'], minimum: 1, maximum: 100_000 },
    file_height: { type: ['integer', 'null'], minimum: 1, maximum: 100_000 },
    file_image: { type: ['string', 'null'], description: 'Media key of a JPEG in the media store (VP_MEDIA_DIR).' },
    file_slide: { type: ['string', 'null'], description: 'Media key of a storyboard sprite (5 × 5 tiles, 160 px wide).' },
    file_rendition: { type: ['string', 'null'], description: 'Media key of the HLS master playlist.' },
  },
  additionalProperties: false,
} as const;

export const waitingQuerySchema = {
  type: 'object',
  properties: {
    file_status: { type: 'integer', minimum: 0, maximum: FILE_STATUS_MAX, default: FILE_STATUS.pending },
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;

export const pipelineFilesReplySchema = envelope({
  type: 'object',
  required: ['files'],
  properties: { files: { type: 'array', items: pipelineFileSchema } },
});

export const pipelineFileReplySchema = envelope({ type: 'object', required: ['file'], properties: { file: pipelineFileSchema } });

export const sourceResponse = { type: 'string', format: 'binary' } as const;

const time = (description: string) => ({ type: ['string', 'null'], format: 'date-time', description }) as const;

/** A worker the service knows: a named worker token, or a worker known by the jobs it took (or both under one name). */
export const pipelineWorkerSchema = {
  type: 'object',
  required: ['name', 'token', 'created_at', 'revoked_at', 'last_seen_at', 'current_file_id', 'jobs_done', 'jobs_failed'],
  properties: {
    name: { type: 'string', description: "The worker token's name, or the worker's name (VP_WORKER_NAME, its files' file_server)." },
    token: { type: 'boolean', description: 'Whether a worker token has this name (npm run server -- worker-token create NAME).' },
    created_at: time('When the worker token was created; null for a worker that has none.'),
    revoked_at: time('When the worker token was revoked; null while it works (or for a worker that has none).'),
    last_seen_at: time(
      "Its last call or job: the later of its token's last use (recorded at most once a minute) and the last job it took or ended.",
    ),
    current_file_id: { type: ['integer', 'null'], description: 'The file whose job it holds a running lease on now.' },
    jobs_done: { type: 'integer', description: "Jobs it processed to their end (a token's worker: files it reported Completed)." },
    jobs_failed: {
      type: 'integer',
      description: "Jobs it failed for good (a token's worker: files it reported failed); retried attempts are not counted.",
    },
  },
  additionalProperties: false,
} as const;

export const pipelineWorkersReplySchema = envelope({
  type: 'object',
  required: ['workers'],
  properties: { workers: { type: 'array', items: pipelineWorkerSchema } },
});
