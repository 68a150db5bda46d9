import { defineTexts } from '../i18n/texts';

/** What the kit says about a failed call when the server sent no message of its own (its messages are shown as sent). */
export const API_TEXTS = defineTexts('api', {
  generic: 'Something went wrong',
  timeout: 'The server did not answer within 10 seconds. Please try again.',
  cancelled: 'The request was cancelled.',
  unreadable: 'The server sent a reply the panel cannot read.',
  unreachable: 'The server could not be reached. Check your connection, then try again.',
});
