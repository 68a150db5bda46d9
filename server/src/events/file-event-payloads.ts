import type { FileChanges, FileEventJson } from '../../../src/contract/file-event';
import type { StoredFileEvent } from '../db/file-events';
import { readAccess, toFileJson, type FileRow } from '../db/files';
import { downloadPath } from '../media/download-media';
import type { DeliveredEvent } from './file-event-hub';

/** A changed row's columns as the File JSON names them (the trash's deleted_at shows as the kind). */
function fileChanges(changes: Record<string, unknown>): FileChanges {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(changes)) {
    if (column === 'deleted_at') continue;
    if (column === 'is_active') out.isActive = value ? 1 : 0;
    else if (column === 'player_access') out.player_access = readAccess(value as string | null);
    else if (column === 'activate_at' || column === 'deactivate_at')
      out[column] = value === null ? null : new Date(Number(value)).toISOString();
    else if (column === 'downloads') out.downloads = value === null ? null : Number(value) === 1;
    else if (!(column in DOWNLOAD_COLUMNS)) out[column] = value;
  }
  return out;
}

/** A download's bytes column and the File field that shows it (decision D67). */
const DOWNLOAD_COLUMNS = { download_video_bytes: 'video', download_audio_bytes: 'audio' } as const;

/**
 * A download made or removed, as the File shows it: its URL and bytes, or null once removed. The URL is
 * the file's slug's, read from the row as it is now (such events are rare: one per download a job makes
 * or removes); a file gone since shows no download change.
 */
async function downloadChanges(e: StoredFileEvent, sources: PayloadSources): Promise<FileChanges> {
  const changed = Object.entries(DOWNLOAD_COLUMNS).filter(([column]) => column in (e.changes ?? {}));
  if (!changed.length) return {};
  const row = await sources.readFile(e.account_id, e.file_id);
  if (!row) return {};
  const out: FileChanges = {};
  for (const [column, kind] of changed) {
    const bytes = e.changes![column];
    out[`download_${kind}`] = bytes === null ? null : { url: downloadPath(row.file_slug, kind), bytes: Number(bytes) };
  }
  return out;
}

export interface PayloadSources {
  /** A file's row as it is now (an 'added' event written before the log kept its row). */
  readFile(accountId: number, fileId: number): Promise<FileRow | undefined>;
  /** How many chapters a file has now (0: none; decision D66). */
  chapterCount(accountId: number, fileId: number): Promise<number>;
  /** VP_TRASH_DAYS, which a File's JSON reads its purge date from. */
  trashDays: number;
}

/**
 * The events of the log as streams send them: a file's event as its payload (src/contract/file-event.ts
 * says what it is, for the server and the kit), a bulk job's progress as the job.
 */
export async function deliverableEvents(events: StoredFileEvent[], sources: PayloadSources): Promise<DeliveredEvent[]> {
  const out: DeliveredEvent[] = [];
  for (const e of events) {
    if (e.kind === 'subtitle') {
      // A subtitle track's change is the webhooks' alone (decision D61); a chapters track's is also the
      // file's, with how many chapters it has now (D66; 0 once deleted).
      if (e.changes?.track_kind !== 'chapters') continue;
      const changes: FileChanges = { chapters: await sources.chapterCount(e.account_id, e.file_id) };
      out.push({ id: e.id, accountId: e.account_id, type: 'file', data: JSON.stringify({ kind: 'changed', file_id: e.file_id, changes }) });
      continue;
    }
    if (e.kind === 'job') {
      // A bulk job's progress: file_id holds the job's id, changes the job as GET /api/jobs/:id shows it.
      out.push({ id: e.id, accountId: e.account_id, type: 'job', data: JSON.stringify(e.changes) });
      continue;
    }
    let payload: FileEventJson;
    if (e.kind === 'changed')
      payload = { kind: e.kind, file_id: e.file_id, changes: { ...fileChanges(e.changes ?? {}), ...(await downloadChanges(e, sources)) } };
    else if (e.kind === 'deleted') payload = { kind: e.kind, file_id: e.file_id };
    else {
      // The file as it was added; an event written before the log kept it reads the row as it is now.
      const row = (e.changes as FileRow | null) ?? (await sources.readFile(e.account_id, e.file_id));
      if (!row) continue; // deleted since: its 'deleted' event follows
      payload = { kind: e.kind, file_id: e.file_id, file: toFileJson(row, sources.trashDays) };
    }
    out.push({ id: e.id, accountId: e.account_id, type: 'file', data: JSON.stringify(payload) });
  }
  return out;
}
