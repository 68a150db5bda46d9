import { defineTexts } from '../i18n/texts';

/** The Downloads dialog's words: in the dialog's own chunk. */
export const DOWNLOADS_TEXTS = defineTexts('downloads', {
  title: 'Downloads',
  intro: 'When allowed, viewers can download an MP4 of this video and its sound alone (M4A), and the player shows a download button.',
  setting: 'Downloads of this file',
  followAccount: "As the account's setting ({state})",
  allowed: 'Allowed',
  notAllowed: 'Not allowed',
  allowedLower: 'allowed',
  notAllowedLower: 'not allowed',
  accountSetting: 'Allow downloads for every file that follows the account',
  video: 'MP4 video',
  audio: 'Audio only (M4A)',
  making: 'The downloads are being made…',
  removing: 'The downloads are being removed…',
  afterProcessing: 'They are made once the video is processed.',
  none: 'No downloads are stored.',
  saveFailed: 'The downloads setting could not be saved',
  changedMeanwhile: 'Someone else changed this file meanwhile: it shows their setting now.',
  close: 'Close',
});

/** The editor's Downloads card: a line and the button that opens the dialog (in the editor's publishing chunk). */
export const DOWNLOADS_CARD_TEXTS = defineTexts('downloadsCard', {
  title: 'Downloads',
  stored: 'Viewers can download an MP4 of this video and its sound (M4A).',
  none: 'No downloads are stored.',
  manage: 'Manage downloads',
});
