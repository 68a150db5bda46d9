import type { FileEvent } from '../api/file-events';
import type { VideoFile } from '../api/schemas';
import type { ToastVariant } from './notify';

/** The end states of processing that raise a toast, with the spec's status names. */
const ENDINGS: Record<number, { name: string; variant: ToastVariant }> = {
  10: { name: 'Completed', variant: 'success' },
  4: { name: 'Download Failed', variant: 'error' },
  7: { name: 'Upload Failed', variant: 'error' },
};

/** How often a screen whose live stream is blocked loads its data again. */
export const POLL_FALLBACK_MS = 30_000;

/**
 * The toast of a file that completed or failed, or null: '"Title" — Completed', '"Title" — Download
 * Failed: <reason>'. `known` is the file as the screen had it (for its title and the reason when the
 * event does not carry them).
 */
export function endingToast(event: FileEvent, known: VideoFile | undefined): { variant: ToastVariant; message: string } | null {
  if (event.kind !== 'changed' || event.changes.file_status === undefined) return null;
  const ending = ENDINGS[event.changes.file_status];
  if (!ending) return null;
  const title = event.changes.file_title ?? known?.file_title ?? `File ${event.file_id}`;
  const reason = event.changes.file_reason ?? known?.file_reason;
  return { variant: ending.variant, message: `“${title}” — ${ending.name}${reason ? `: ${reason}` : ''}` };
}
