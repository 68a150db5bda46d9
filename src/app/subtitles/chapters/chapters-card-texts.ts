import { defineTexts } from '../../i18n/texts';

/** The editor's Chapters card: a line and the button that opens the dialog (in the editor's first load). */
export const CHAPTERS_CARD_TEXTS = defineTexts('chaptersCard', {
  title: 'Chapters',
  hint: "Marks on the player's time bar and a chapter menu, pasted as lines such as 00:00 Intro or edited as cues.",
  manage: 'Manage chapters',
});
