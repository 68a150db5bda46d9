import { defineTexts } from '../i18n/texts';

/** The signed-in screens' words: in their own chunk, which the sign-in page never downloads. */
export const DASHBOARD_TEXTS = defineTexts('dashboard', {
  notFound: 'Page not found',
  notFoundText: 'There is nothing at this address.',
  goToFiles: 'Go to Files',
  dashboard: 'Dashboard',
  welcome: 'Welcome back, {name}. ',
  standing: 'Here is how your files stand.',
  countsFailed: 'The counts could not be loaded.',
  retry: 'Retry',
  tileAll: 'All files',
  tileActive: 'Active',
  tileCompleted: 'Completed',
  tileDownloadFailed: 'Download failed',
  tileUploadFailed: 'Upload failed',
  viewFiles: 'View files',
  notAFile: '“{id}” is not a file number. Open a file from the Files list.',
});
