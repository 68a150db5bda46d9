import { paginationSchema } from '../../../src/contract/envelope';
import { fileSchema as fileContract } from '../../../src/contract/file';
import { filePatchSchema } from '../../../src/contract/file-patch';
import { TITLE_MAX_CHARACTERS } from '../../../src/contract/file-title';
import { listQuerySchema as listQueryContract } from '../../../src/contract/list-query';
import { envelope } from './common';
import { contractSchema } from './from-contract';

// Schemas of the files routes: the File (src/contract/file.ts), GET /api/files/ (query and reply),
// PUT /api/files/:id (body, src/contract/file-patch.ts), DELETE (query and reply) and POST /api/files (reply).

const trashTime = { format: 'date-time' };

export const fileSchema = contractSchema(fileContract, {
  file_status: { description: 'Set by the processing pipeline; read-only here.' },
  created_at: { format: 'date-time' },
  version: { description: 'Bumped by every change; the ETag of GET /api/files/{id} is this number in quotes.' },
  deleted_at: { ...trashTime, description: 'When the file went to the trash; null while live.' },
  purge_at: {
    ...trashTime,
    description:
      'When the trash deletes it for good (VP_TRASH_DAYS after deleted_at); null while live or when the trash keeps files for ever.',
  },
  file_image: { description: 'Appended to config imageHost: a JPEG frame once processed.' },
  file_slide: { description: 'Appended to config imageHost: a storyboard sprite JPEG once processed.' },
  file_progress: { description: "Progress of the pipeline's current stage." },
  file_reason: { description: 'Why the last stage failed (or is retried).' },
  file_duration: { description: 'Seconds.' },
  activate_at: { format: 'date-time', description: 'When the schedule makes the file active; present only while set.' },
  deactivate_at: { format: 'date-time', description: 'When the schedule makes the file inactive; present only while set.' },
  downloads: {
    description: "Whether it may be downloaded; present only when the file has its own setting, else its account's (config downloads).",
  },
  download_video: { description: 'Its MP4 (the top rung, +faststart) while stored: url after config player.domain, and its bytes.' },
  download_audio: { description: 'Its audio-only M4A while stored: url after config player.domain, and its bytes.' },
  views_30d: {
    description:
      'Views of today and the 29 UTC days before (see the analytics tag), updated within seconds of the beats; the list sorts by it with sort_by=views_30d.',
  },
});

export const listQuerySchema = contractSchema(listQueryContract, {
  search: { description: 'Words of the title or slug (prefix match); digits also match file_id' },
  trashed: { description: "1: the account's trash (same filters, sort and paging)" },
  scheduled: { description: '1: only the files with a schedule (activate_at or deactivate_at set), read from their own index' },
});

/**
 * A read names where it stands in the file event log: every event up to that id is in what it read, so
 * a client that opens the event stream from it (Last-Event-ID) misses no change made after. Taken
 * before the read.
 */
export const LAST_EVENT_ID = 'x-last-event-id';
export const lastEventIdHeader = {
  [LAST_EVENT_ID]: {
    type: 'integer',
    description:
      'Every file event up to this id is in this reply: open GET /api/files/events with it as Last-Event-ID to miss no later change.',
  },
} as const;

const patch = contractSchema(filePatchSchema, {
  file_title: {
    description: `At most ${TITLE_MAX_CHARACTERS} characters (code points) once trimmed of whitespace and invisible characters; no control or bidirectional override characters`,
  },
  activate_at: {
    description: 'ISO-8601 with a time zone, in the future: the file turns active then (within seconds, once). null clears it.',
  },
  deactivate_at: {
    description: 'ISO-8601 with a time zone, in the future and after activate_at: the file turns inactive then. null clears it.',
  },
  downloads: {
    description: "Whether it may be downloaded (its MP4 and M4A are made or removed by a job); null: back to the account's setting.",
  },
});

/** The patch, and file_status named only to be refused (400): the processing pipeline owns it. */
export const updateBodySchema = {
  ...patch,
  properties: { ...patch.properties, file_status: { description: 'Never accepted: the processing pipeline owns it (400).' } },
};

/** data.file (the trashed file) on a move to the trash; no data on a purge. */
export const deleteReplySchema = { ...envelope({ type: 'object', properties: { file: fileSchema } }), required: ['status', 'message'] };

/** The reply of a new file (an upload, a URL to fetch). */
export const newFileReplySchema = envelope({ type: 'object', required: ['file'], properties: { file: fileSchema } });

const pagination = contractSchema(paginationSchema);

export const listReplySchema = envelope({
  type: 'object',
  required: ['files', 'pagination'],
  properties: {
    files: { type: 'array', items: fileSchema },
    pagination: { type: 'object', required: pagination.required, properties: pagination.properties },
  },
});
