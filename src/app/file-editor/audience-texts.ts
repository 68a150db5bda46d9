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
  definition:
    'A view is one page load of the player that played at least 3 seconds or reached the end. Watch time is the seconds actually played: a seek adds nothing. The previews in this panel and requests with an API key never count. Loading the page again is a new view, even from the same viewer minutes later: there is no cookie and nothing is stored that could tell.',
});
