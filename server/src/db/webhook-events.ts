import { isCompleted, isFailed } from '../../../src/contract/file-status';
import type { WebhookEventType, WebhookPayload } from '../../../src/contract/webhook';
import type { StoredFileEvent } from './file-events';

/** Columns whose change is an edit an integrator sees (file.updated); the pipeline's own (progress, server, size) are not. */
const EDITED_COLUMNS = [
  'file_title',
  'file_slug',
  'is_active',
  'file_image',
  'player_access',
  'activate_at',
  'deactivate_at',
  'downloads',
  'download_video_bytes',
  'download_audio_bytes',
];

/** A subtitle event's change (its log row: SQLite migration 29, PostgreSQL 33) and the message type it is. */
const SUBTITLE_TYPES: Record<string, WebhookEventType> = {
  created: 'subtitle.created',
  updated: 'subtitle.updated',
  deleted: 'subtitle.deleted',
};

/** A bulk job's states after which it does nothing more. */
const ENDED_JOB_STATES = ['done', 'failed'];

/** One webhook message of a file event: its type and the small body every endpoint of that type gets. */
export interface WebhookMessage {
  type: WebhookEventType;
  data: WebhookPayload['data'];
}

/**
 * The webhook messages of one event of the file_events log (decision D58). An 'added' event is
 * `file.restored` when the file left the trash (`restored`: the event is marked so, decision D79, or
 * one written before the mark finds the file's 'deleted' event in the log), else `file.created`; a status change is `file.status`, and also `file.ready` (Completed) or
 * `file.failed`; an edit of what the panel shows is `file.updated`; a subtitle track's change is
 * `subtitle.created`, `subtitle.updated` or `subtitle.deleted` (decision D61), and a chapters track's
 * also `file.updated` (D66); a bulk job's last progress
 * event is `bulk_job.finished`.
 */
export function webhookMessages(event: StoredFileEvent, restored: boolean): WebhookMessage[] {
  const file_id = event.file_id;
  const changes = event.changes ?? {};
  switch (event.kind) {
    case 'job':
      return ENDED_JOB_STATES.includes(changes.state as string)
        ? [{ type: 'bulk_job.finished', data: { job_id: event.file_id, state: changes.state as string } }]
        : [];
    case 'subtitle': {
      const type = SUBTITLE_TYPES[changes.change as string];
      const out: WebhookMessage[] = type
        ? [{ type, data: { file_id, sub_id: changes.sub_id as number, language: changes.sub_lang as string } }]
        : [];
      // A chapters track (D66) is also the file's: its chapters are part of what an integrator shows.
      if (changes.track_kind === 'chapters') out.push({ type: 'file.updated', data: { file_id } });
      return out;
    }
    case 'added':
      return [{ type: restored ? 'file.restored' : 'file.created', data: { file_id } }];
    case 'deleted':
      return [{ type: 'file.deleted', data: { file_id } }];
    case 'changed': {
      const out: WebhookMessage[] = [];
      if (typeof changes.file_status === 'number') {
        const status = changes.file_status;
        out.push({ type: 'file.status', data: { file_id, status } });
        if (isCompleted(status)) out.push({ type: 'file.ready', data: { file_id, status } });
        if (isFailed(status)) out.push({ type: 'file.failed', data: { file_id, status } });
      }
      if (EDITED_COLUMNS.some((column) => column in changes)) out.push({ type: 'file.updated', data: { file_id } });
      return out;
    }
  }
}

/** The Webhook-Id of a message: the same for every endpoint, attempt and redelivery of it. */
export const webhookEventId = (eventId: number, type: WebhookEventType): string => `evt_${eventId}_${type}`;
