import type { FileEvent } from '../api/file-events';
import type { VideoFile } from '../api/schemas';
import { ENGLISH, translator, type TextFn } from '../i18n/texts';
import { LIVE_TEXTS } from './live-texts';
import type { ToastVariant } from '../shell/notify';

type LiveText = TextFn<typeof LIVE_TEXTS.en>;
const englishText: LiveText = translator(LIVE_TEXTS, ENGLISH).t;

/** The end states of processing that raise a toast, with the status names of docs/spec.md §4 (keys of LIVE_TEXTS). */
const ENDINGS: Record<number, { name: 'completed' | 'downloadFailed' | 'uploadFailed'; variant: ToastVariant }> = {
  10: { name: 'completed', variant: 'success' },
  4: { name: 'downloadFailed', variant: 'error' },
  7: { name: 'uploadFailed', variant: 'error' },
};

/**
 * The toast of a file that completed or failed, or null: '"Title" — Completed', '"Title" — Download
 * Failed: <reason>', in the language of `t` (English by default). `known` is the file as the screen
 * had it (for its title and the reason when the event does not carry them; already at that status:
 * no toast). The reason is the
 * server's, shown as it sends it.
 */
export function endingToast(
  event: FileEvent,
  known: VideoFile | undefined,
  t: LiveText = englishText,
): { variant: ToastVariant; message: string } | null {
  if (event.kind !== 'changed' || event.changes.file_status === undefined) return null;
  if (known?.file_status === event.changes.file_status) return null; // no news: an event handed again, or a reply that already had it
  const ending = ENDINGS[event.changes.file_status];
  if (!ending) return null;
  const title = event.changes.file_title ?? known?.file_title ?? t('fileNumber', { id: event.file_id });
  const reason = event.changes.file_reason ?? known?.file_reason;
  const status = t(ending.name);
  return { variant: ending.variant, message: reason ? t('endedBecause', { title, status, reason }) : t('ended', { title, status }) };
}
