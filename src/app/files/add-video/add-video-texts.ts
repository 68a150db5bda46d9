import { defineTexts } from '../../i18n/texts';

/** The Add video dialog's words, its rules and its toast: in the dialog's chunk, which loads when the dialog is first opened. */
export const ADD_VIDEO_TEXTS = defineTexts('addVideo', {
  title: 'Add video',
  videoFile: 'Video file',
  remove: 'Remove',
  dropHere: 'Drop a video here, or',
  chooseFile: 'Choose a file',
  urlLabel: 'Or paste a video URL',
  urlPlaceholder: 'https://',
  fileChosen: 'A file is chosen: remove it to add from a URL',
  urlHint: 'The server downloads it',
  titleLabel: 'Title',
  slugLabel: 'Slug',
  slugHint: 'Optional: made from the title when empty',
  uploading: 'Uploading… {percent}%',
  adding: 'Adding…',
  progressLabel: 'Upload progress',
  needSource: 'Choose a video file or paste its URL',
  badUrl: 'The URL must start with http:// or https://',
  titleRequired: 'Title is required',
  badSlug: 'Letters, digits, - and _ only (at most 100)',
  addFailed: 'The video could not be added',
  added: '“{title}” added: Pending',
});
