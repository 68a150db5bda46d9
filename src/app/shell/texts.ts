import { defineTexts } from '../i18n/texts';

/** What every element may say around its screen: the error box, the unsaved-changes question. */
export const SHELL_TEXTS = defineTexts('shell', {
  errorHeading: 'Lỗi xảy ra!',
  componentStack: 'Component stack',
  leaveQuestion: 'You have unsaved changes. Leave this page and lose them?',
});
