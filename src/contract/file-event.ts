import type { FileJson } from './file';

/**
 * What GET /api/files/events streams (docs/api.md, File events): the `event:` names and the `data` of
 * an `event: file`. The server's event plugin writes these payloads and the kit's event reader reads
 * them; the data of an `event: job` is a bulk job as bulk-job.ts has it. Types only: the kit reads an
 * event leniently (a field it does not show is skipped), so no schema of it runs on either side.
 */

/** A file's change, a bulk job's progress, the stream is live, or events were missed (reload). */
export const FILE_STREAM_EVENTS = ['file', 'job', 'ready', 'reset'] as const;
export type FileStreamEventName = (typeof FILE_STREAM_EVENTS)[number];

/**
 * The data of an `event: file`: a file of the account was added (or came back from the trash), some of
 * its fields changed (only those, as the File names them), or it was deleted (or went to the trash).
 */
export type FileEventJson<File = FileJson> =
  | { kind: 'added'; file_id: number; file: File }
  | { kind: 'changed'; file_id: number; changes: FileChanges<File> }
  | { kind: 'deleted'; file_id: number };

export type FileEventKind = FileEventJson['kind'];

/** Fields a File leaves out when it has none, which a change names null once removed (a download, D67). */
export type RemovableFileField = 'download_video' | 'download_audio';

/**
 * The fields of a File that changed, with their new values (null: a removable field removed), and
 * `chapters`: how many chapters the file has now (0: none; D66), which a File itself does not carry.
 */
export type FileChanges<File = FileJson> = { [K in keyof File]?: K extends RemovableFileField ? File[K] | null : File[K] } & {
  chapters?: number;
};
