import { defineTexts } from '../i18n/texts';

/** The page titles: with the panel's routes (the sign-in page's chunk), so they are kept short. */
export const PANEL_TEXTS = defineTexts('panel', {
  titleLogin: 'Login',
  titleDashboard: 'Dashboard',
  titleFiles: 'File Management',
  titleFile: 'Update File',
  titleTrash: 'Trash',
  titleKeys: 'API keys',
  titleNotFound: 'Page not found',
  documentTitle: '{title} | VP Admin',
});
