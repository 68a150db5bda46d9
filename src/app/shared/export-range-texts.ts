import { defineTexts } from '../i18n/texts';

/** The From/To form that exports view stats as CSV: in the chunk of the card that shows it. */
export const EXPORT_RANGE_TEXTS = defineTexts('exportRange', {
  title: 'Export views as CSV',
  from: 'From',
  to: 'To',
  days: 'UTC days {range}.',
  exportCsv: 'Export CSV',
  badRange: 'Choose a start no later than the end.',
  exportFailed: 'The CSV could not be downloaded.',
});
