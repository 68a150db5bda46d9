import { defineTexts } from '../i18n/texts';

/** The poster dialog's words: in the dialog's own chunk. */
export const POSTER_TEXTS = defineTexts('poster', {
  title: 'Poster',
  intro: 'The picture shown before the video plays, in the list and in the gallery.',
  current: 'Current poster',
  frames: 'Frames of the video',
  frameAt: 'Frame at {time}',
  noFrames: 'No frames to choose from yet: the video is still being processed.',
  useSelected: 'Use selected frame',
  useCurrent: 'Use current frame',
  upload: 'Upload image…',
  automatic: 'Use automatic',
  close: 'Close',
  saving: 'Saving poster…',
  saved: 'Poster changed',
  restored: 'Back to the automatic poster',
  player: 'Video preview of {title}',
  uploadHint: 'JPEG, PNG or WebP, at most 8 MB.',
  failed: 'The poster could not be changed: {reason}',
});
