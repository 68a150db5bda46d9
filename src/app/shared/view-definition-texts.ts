import { defineTexts } from '../i18n/texts';

/** What counts as a view (issue 41): under the Audience card's stats and the dashboard's views. */
export const VIEW_DEFINITION_TEXTS = defineTexts('viewDefinition', {
  definition:
    "A view is one page load of the player that played at least 3 seconds or reached the end. Watch time is the seconds actually played: a seek adds nothing. The kit's own players never count: the editor's preview and the players in its Embed options, Poster and Edit cues dialogs; nor do requests with an API key. The player page itself, opened from a link, counts like any viewer's. Loading the page again is a new view, even from the same viewer minutes later: there is no cookie and nothing is stored that could tell.",
});
