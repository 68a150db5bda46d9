import { defineTexts } from '../i18n/texts';

/** The Embed & Link card's preview of the video, and the button that opens the embed builder. */
export const PREVIEW_TEXTS = defineTexts('preview', {
  preview: 'Preview of {title}',
  processing: 'The preview plays once the video is processed. Now: {step}',
  progress: '{step}: {percent}',
  failed: 'This video could not be processed ({step}).',
  step0: 'Pending',
  step1: 'Received',
  step2: 'Downloading',
  step3: 'Downloaded',
  step4: 'Download Failed',
  step5: 'Uploading',
  step6: 'Uploaded',
  step7: 'Upload Failed',
  step8: 'Indexed',
  step9: 'Cleaned',
  step10: 'Completed',
  stepUnknown: 'Unknown',
  customize: 'Customize embed',
  whereItPlays: 'Where it may play',
  noSignedLink: 'This video plays only from a signed link, and the panel could not make one for its preview: {reason}',
});
