import { defineTexts } from '../i18n/texts';

/** The toasts of the live file stream (a file completed or failed), raised by the list and the editor. */
export const LIVE_TEXTS = defineTexts('live', {
  completed: 'Completed',
  downloadFailed: 'Download Failed',
  uploadFailed: 'Upload Failed',
  ended: '“{title}” — {status}',
  endedBecause: '“{title}” — {status}: {reason}',
  fileNumber: 'File {id}',
});
