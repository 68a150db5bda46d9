import type { FileEventJson } from '../../../src/contract/file-event';
import type { FileJson } from '../../../src/contract/file';
import type { StoredFileEvent } from '../db/file-events';
import { readAccess, toFileJson, type FileRow } from '../db/files';
import type { DeliveredEvent } from './file-event-hub';

/** A changed row's columns as the File JSON names them (the trash's deleted_at shows as the kind). */
function fileChanges(changes: Record<string, unknown>): Partial<FileJson> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(changes)) {
    if (column === 'deleted_at') continue;
    if (column === 'is_active') out.isActive = value ? 1 : 0;
    else if (column === 'player_access') out.player_access = readAccess(value as string | null);
    else if (column === 'activate_at' || column === 'deactivate_at')
      out[column] = value === null ? null : new Date(Number(value)).toISOString();
    else out[column] = value;
  }
  return out;
}

export interface PayloadSources {
  /** A file's row as it is now (an 'added' event written before the log kept its row). */
  readFile(accountId: number, fileId: number): Promise<FileRow | undefined>;
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
    if (e.kind === 'subtitle') continue; // the webhooks' alone (decision D61)
    if (e.kind === 'job') {
      // A bulk job's progress: file_id holds the job's id, changes the job as GET /api/jobs/:id shows it.
      out.push({ id: e.id, accountId: e.account_id, type: 'job', data: JSON.stringify(e.changes) });
      continue;
    }
    let payload: FileEventJson;
    if (e.kind === 'changed') payload = { kind: e.kind, file_id: e.file_id, changes: fileChanges(e.changes ?? {}) };
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
