import { fileStatusName, isCompleted, isFinal } from '../../contract/file-status';
import type { FileEvent } from '../api/file-events';
import type { VideoFile } from '../api/schemas';
import { ENGLISH, translator, type TextFn } from '../i18n/texts';
import { LIVE_TEXTS } from './live-texts';
import type { ToastVariant } from '../shell/notify';

type LiveText = TextFn<typeof LIVE_TEXTS.en>;
const englishText: LiveText = translator(LIVE_TEXTS, ENGLISH).t;

/** The end states of processing raise a toast, named as docs/spec.md §4 names them (keys of LIVE_TEXTS). */
type Ending = 'completed' | 'downloadFailed' | 'uploadFailed';

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
  const code = event.changes.file_status;
  if (!isFinal(code)) return null;
  const variant: ToastVariant = isCompleted(code) ? 'success' : 'error';
  const title = event.changes.file_title ?? known?.file_title ?? t('fileNumber', { id: event.file_id });
  const reason = event.changes.file_reason ?? known?.file_reason;
  const status = t(fileStatusName(code) as Ending);
  return { variant, message: reason ? t('endedBecause', { title, status, reason }) : t('ended', { title, status }) };
}
