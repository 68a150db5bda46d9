import { defineTexts } from '../i18n/texts';

/** The Audience card's words (the closed card's in the editor's chunk; the charts read the same). */
export const AUDIENCE_TEXTS = defineTexts('audience', {
  title: 'Audience',
  show: 'Show audience',
  definition:
    'A view is one page load of the player that played at least 3 seconds or reached the end; watch time is the time actually played. Your own previews here and requests with an API key never count. There are no cookies and nothing identifies a viewer, so loading the page again is a new view.',
  loading: 'Loading audience…',
  loadFailed: 'The audience could not be loaded.',
  range: 'Period',
  days: '{n} days',
  views: 'Views',
  watchTime: 'Watch time (minutes)',
  totals: '{views} views · {minutes} minutes watched',
  perDay: 'Views and watch time per day',
  retention: 'Retention: share of views that reached each point of the video',
  reached: 'Reached',
  sites: 'Top sites',
  noSites: 'No embedding site yet.',
  exportCsv: 'Export CSV',
});
