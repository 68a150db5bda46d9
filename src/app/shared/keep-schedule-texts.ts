import { defineTexts } from '../i18n/texts';

/** The question before a change of Active on a scheduled file (the editor's form, the list's switch): in the dialog's chunk. */
export const KEEP_SCHEDULE_TEXTS = defineTexts('keepSchedule', {
  title: 'Keep the schedule?',
  text: 'This file is scheduled ({times}). Keep that schedule, or clear it with this change?',
  activate: 'to activate {when}',
  deactivate: 'to deactivate {when}',
  keep: 'Keep schedule',
  clear: 'Clear it',
});
