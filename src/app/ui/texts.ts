import { defineTexts } from '../i18n/texts';

/** The presentational pieces' own words. */
export const UI_TEXTS = defineTexts('ui', {
  cancel: 'Cancel',
  retry: 'Retry',
  loading: 'Loading...',
});
