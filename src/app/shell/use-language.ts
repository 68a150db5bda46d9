import type { ThemeOptions } from '@mui/material/styles';
import { use, useDeferredValue, useMemo } from 'react';
import type { Messages } from '../../elements/element-types';
import { loadLanguagePack, resolveLanguage } from '../i18n/load';
import { ENGLISH, type I18n } from '../i18n/texts';

/**
 * The element's language: its catalogue (loaded once per page; English needs none) with the host's
 * `messages` over it, MUI's own texts for the theme and the DataGrid's. A new locale renders in the
 * background while the old one stays on screen (a deferred value), then swaps in place: the tree
 * below keeps its state — filters, selection, scroll, unsaved edits.
 */
export function useLanguage(
  requested: string | undefined,
  messages: Messages | null | undefined,
): { i18n: I18n; theme: ThemeOptions | null } {
  const tag = useDeferredValue(requested);
  const { language, locale } = resolveLanguage(tag, Boolean(messages && Object.keys(messages).length > 0));
  const load = loadLanguagePack(language);
  const pack = load ? use(load) : null;
  const i18n = useMemo<I18n>(
    () =>
      pack || messages
        ? { language, locale, messages: { ...pack?.catalogue, ...messages }, grid: pack?.grid ?? ENGLISH.grid }
        : { ...ENGLISH, language, locale },
    [language, locale, pack, messages],
  );
  return { i18n, theme: pack?.theme ?? null };
}
