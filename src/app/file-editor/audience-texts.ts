import { defineTexts } from '../i18n/texts';

/** The Audience card's words once it is open: in the card's own chunk. */
export const AUDIENCE_TEXTS = defineTexts('audience', {
  period: 'Period',
  days: { one: '{count} day', other: '{count} days' },
  loading: 'Loading views',
  loadFailed: 'The views could not be loaded.',
  retry: 'Retry',
  views: 'Views',
  watchTime: 'Watch time',
  viewsPerDay: 'Views per day',
  watchPerDay: 'Watch time per day',
  chartSummary: '{caption}, {from} to {to}: {total} in all, at most {max} on a day.',
  retention: 'Retention',
  retentionSummary: 'Share of views still playing at each tenth of the video: {points}.',
  sites: 'Top sites',
  noSite: 'Direct or unknown site',
  noSites: 'No views from a site in this period.',
});
