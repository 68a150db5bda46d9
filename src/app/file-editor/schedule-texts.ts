import { defineTexts } from '../i18n/texts';

/** The Schedule card's words: in the card's own chunk. */
export const SCHEDULE_TEXTS = defineTexts('schedule', {
  title: 'Schedule',
  intro: 'Turn this file active or inactive at a time. Times are in your time zone: {zone}.',
  activateAt: 'Activate at',
  deactivateAt: 'Deactivate at',
  save: 'Save schedule',
  saving: 'Saving...',
  clear: 'Clear schedule',
  inPast: 'Choose a time in the future.',
  order: 'Deactivate after the time it activates.',
  changedMeanwhile: 'Someone else changed this schedule meanwhile: it shows their times now.',
  saveFailed: 'The schedule could not be saved',
});
