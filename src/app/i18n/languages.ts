import { isLanguageCode, LANGUAGE_CODES } from '../../contract/subtitles';

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

/** The name Intl gives `code` in `displayLocale`, or null when it has none worth showing. */
function displayName(code: string, displayLocale: string): string | null {
  try {
    const name = new Intl.DisplayNames([displayLocale], { type: 'language', fallback: 'code' }).of(code);
    return isUseful(name, code) ? name : null;
  } catch {
    // An old engine without Intl.DisplayNames: the raw code is still correct, just terse.
    return null;
  }
}

/**
 * A language's label, from `Intl.DisplayNames`. Under English (the catalogue of docs/spec.md) the name in the
 * language itself — 'English', 'français', '日本語', 'português (Brasil)', 'español latinoamericano' —
 * with Intl's (CLDR's) casing per locale: French and Portuguese names stay lower case, as their
 * speakers write them. Under another UI language the name in that language ('Tiếng Anh' for `en`
 * under Vietnamese), so an operator reads every name in one language. A code outside
 * LANGUAGE_CODES, or one this browser has no data for, is shown raw.
 */
export function languageLabel(code: string, uiLanguage = 'en', uiLocale = uiLanguage): string {
  const key = `${uiLanguage === 'en' ? '' : uiLocale}|${code}`;
  const cached = labels.get(key);
  if (cached !== undefined) return cached;
  const label = isLanguageCode(code) ? (displayName(code, uiLanguage === 'en' ? code : uiLocale) ?? code) : code;
  labels.set(key, label);
  return label;
}

const options = new Map<string, readonly LanguageOption[]>();

/**
 * Every language an operator can pick, as `{ code, label }`, in LANGUAGE_CODES order: the examples
 * of docs/spec.md §3 first (the most used languages), then regional variants and regions. Not alphabetical on
 * purpose: native labels span some twenty scripts, so no single collation is "alphabetical" for every
 * operator, while English, Chinese, Spanish … at the top serve most uploads. Memoised per UI language.
 */
export function languageOptions(uiLanguage = 'en', uiLocale = uiLanguage): readonly LanguageOption[] {
  const key = uiLanguage === 'en' ? '' : uiLocale;
  let found = options.get(key);
  if (!found) options.set(key, (found = LANGUAGE_CODES.map((code) => ({ code, label: languageLabel(code, uiLanguage, uiLocale) }))));
  return found;
}
