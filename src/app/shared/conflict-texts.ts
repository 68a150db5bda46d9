import { defineTexts } from '../i18n/texts';

/** The conflict dialog's words (a file's or a subtitle's edit): in the dialog's own chunk, loaded with its first 412. */
export const CONFLICT_TEXTS = defineTexts('conflict', {
  title: 'This file was changed while you were editing it',
  subtitleTitle: 'This subtitle was changed while you were editing it',
  changedBy: '{actor} saved a change {when} (from {source}). Your edits are still in the form: choose which values to keep.',
  changedBySomeone: 'Someone else saved a change meanwhile. Your edits are still in the form: choose which values to keep.',
  field: 'Field',
  theirs: 'Saved now',
  mine: 'Yours',
  keepMine: 'Keep mine',
  takeTheirs: 'Take theirs',
  keepEditing: 'Keep editing',
  sourcePanel: 'the panel',
  sourceApi: 'the API',
  sourcePipeline: 'the pipeline',
  sourceCli: 'the command line',
  justNow: 'just now',
});
