import { defineTexts } from '../i18n/texts';

/** Account → Where videos may play (the account's default player access): in its own chunk, with the screen. */
export const DEFAULT_ACCESS_TEXTS = defineTexts('defaultAccess', {
  heading: 'Where videos may play',
  intro:
    'Every video of this account plays as set here, unless its own setting says otherwise (in its editor: Embed & Link → Where it may play). A change applies at once to every player that opens afterwards.',
  saved: 'Where videos may play saved.',
});
