import { defineTexts } from '../i18n/texts';

/** The dashboard's views section: in its own chunk, loaded after the counts. */
export const ACCOUNT_VIEWS_TEXTS = defineTexts('accountViews', {
  title: 'Views, last 30 days',
  views: 'Views',
  watchTime: 'Watch time',
  topFiles: 'Most watched files',
  noViews: 'No views in the last 30 days.',
  fileViews: { one: '{count} view', other: '{count} views' },
  loadFailed: 'The views could not be loaded.',
  retry: 'Retry',
});
