import { isLanguageCode, LANGUAGE_CODES } from '../../../contract/subtitles';

export interface LanguageOption {
  code: string;
  label: string;
}

const labels = new Map<string, string>();

/** Intl answers an unknown code with the code itself or "xx (YY)": nothing a person can read. */
function isUseful(label: string | undefined, code: string): label is string {
  if (!label) return false;
  const base = code.split('-')[0] ?? code;
  const lower = label.toLowerCase();
  return lower !== code.toLowerCase() && lower !== base.toLowerCase() && !lower.startsWith(`${base.toLowerCase()} (`);
}

/**
 * The language's name in the language itself — 'English', 'français', '日本語', 'português (Brasil)',
 * 'español latinoamericano' — from `Intl.DisplayNames` in that language's own locale. Casing is
 * Intl's (CLDR's) per locale: French and Portuguese names stay lower case, as their speakers write
 * them. A code outside LANGUAGE_CODES, or one this browser has no data for, is shown raw.
 */
export function languageLabel(code: string): string {
  const cached = labels.get(code);
  if (cached !== undefined) return cached;
  let label = code;
  if (isLanguageCode(code)) {
    try {
      const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code);
      if (isUseful(name, code)) label = name;
    } catch {
      // An old engine without Intl.DisplayNames: the raw code is still correct, just terse.
    }
  }
  labels.set(code, label);
  return label;
}

let options: readonly LanguageOption[] | undefined;

/**
 * Every language an operator can pick, as `{ code, label }`, in LANGUAGE_CODES order: the spec's
 * examples first (the most used languages), then regional variants and regions. Not alphabetical on
 * purpose: native labels span some twenty scripts, so no single collation is "alphabetical" for every
 * operator, while English, Chinese, Spanish … at the top serve most uploads. Memoised.
 */
export function languageOptions(): readonly LanguageOption[] {
  options ??= LANGUAGE_CODES.map((code) => ({ code, label: languageLabel(code) }));
  return options;
}
