import type { FileChanges, RemovableFileField } from '../../contract/file-event';

const REMOVABLE: readonly RemovableFileField[] = ['download_video', 'download_audio'];

/** A file with a change applied: its fields replaced, and a removable one the change names null taken out. */
export function withFileChanges<File extends object>(file: File, changes: FileChanges<File>): File {
  const next: Record<string, unknown> = { ...file, ...changes };
  for (const field of REMOVABLE) if (next[field] === null) delete next[field];
  return next as File;
}
