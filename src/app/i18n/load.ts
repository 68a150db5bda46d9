import type { ThemeOptions } from '@mui/material/styles';
import type { Message } from './texts';

/** A language other than English: the kit's catalogue, MUI's own texts (theme) and the DataGrid's. */
export interface LanguagePack {
  catalogue: Readonly<Record<string, Message>>;
  theme: ThemeOptions;
  grid: Readonly<Record<string, unknown>>;
}

/** The languages with a catalogue; English is built into each area's texts and loads nothing. */
const PACKS: Record<string, () => Promise<{ default: LanguagePack }>> = {
  vi: () => import('./locale-vi'),
};

const loads = new Map<string, Promise<LanguagePack>>();

/** The language's pack, loaded once per page (one promise per language, so React's `use` can read it). */
export function loadLanguagePack(language: string): Promise<LanguagePack> | null {
  const load = PACKS[language];
  if (!load) return null;
  let promise = loads.get(language);
  if (!promise) loads.set(language, (promise = load().then((module) => module.default)));
  return promise;
}

/**
 * The catalogue language and the Intl locale of a requested tag: `vi-VN` → vi / vi-VN, `en-GB` →
 * en / en-GB. A language without a catalogue shows English, with English dates and numbers (French
 * dates in English sentences read wrong) — unless the host brings its own texts (`messages`), then
 * Intl follows the tag.
 */
export function resolveLanguage(tag: string | undefined, hostMessages: boolean): { language: string; locale: string } {
  const requested = canonical(tag);
  const base = requested?.split('-')[0]?.toLowerCase();
  if (requested && base && (base === 'en' || base in PACKS)) return { language: base, locale: requested };
  return { language: 'en', locale: requested && hostMessages ? requested : 'en' };
}

function canonical(tag: string | undefined): string | null {
  if (!tag) return null;
  try {
    return Intl.getCanonicalLocales(tag.trim())[0] ?? null;
  } catch {
    return null;
  }
}
