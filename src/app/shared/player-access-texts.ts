import { defineTexts } from '../i18n/texts';
import { MAX_PLAYER_SITES } from '../../contract/player-access';

/** "Where it may play": the editor's dialog and the list's bulk dialog (each in its own chunk). */
export const ACCESS_TEXTS = defineTexts('playerAccess', {
  title: 'Where it may play',
  useDefault: "Use the account's default",
  defaultNow: "It follows the account's default, now: {where}. The default is set in Account → Where videos may play.",
  defaultNowSigned:
    "It follows the account's default, now: {where}, signed links only. The default is set in Account → Where videos may play.",
  where: 'Sites that may embed it',
  anywhere: 'Anywhere',
  sites: 'Only these sites',
  nowhere: 'Nowhere (link only)',
  anywhereHint: 'Any site may embed the player.',
  nowhereHint: 'The player link opens in a tab of its own; no site may embed it.',
  siteList: 'Sites',
  siteListHint: `One per line: example.com, or *.example.com for its subdomains (up to ${MAX_PLAYER_SITES}). The panel and its previews always play.`,
  // The contract's messages (src/contract/player-access.ts, playerAccessProblem), word for word in English.
  tooManySites: `At most ${MAX_PLAYER_SITES} sites may be listed ({count} were)`,
  notHostName:
    'Not a host name: "{site}" (write it as example.com, or *.example.com for its subdomains, lower case, without https:// or a path)',
  noSites: 'List at least one site, or choose anywhere or nowhere',
  signed: 'Require signed links',
  signedHint:
    'The player opens only from a link your back end (or the embed builder) signs, for a limited time. A film started in time plays to its end.',
  allowNoReferrer: 'Allow players with no referrer',
  allowNoReferrerHint:
    'Serve the video to requests that do not name the page they play on (strict privacy settings, some apps and download tools).',
  honest:
    'A site list is a speed bump: a page can hide or fake the site it is on. A signed link is the lock. Neither is DRM: anyone who can watch a video can record it.',
  save: 'Save',
  cancel: 'Cancel',
  saving: 'Saving…',
  saveFailed: 'Where it may play could not be saved',
  conflict: 'Someone else changed where this video may play meanwhile. Your choice is still here: save again to apply it over theirs.',
});
