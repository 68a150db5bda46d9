/**
 * The language of a track as a prior in legacy code-page detection. The upload form requires a
 * language, and it narrows the code pages a file can be in: a Hebrew file is windows-1255, not the
 * windows-1252 that its letters also decode to as accented Latin. Scoring alone (score-legacy.ts)
 * cannot always tell such pairs apart on a short file; with the language known it need not.
 */

const WESTERN = ['windows-1252'];
const CENTRAL = ['windows-1250', 'iso-8859-2'];
const CYRILLIC = ['windows-1251'];

/** Legacy code pages subtitle files of each language are found in, by base language code. */
const CODE_PAGES: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    [
      'en',
      'fr',
      'de',
      'es',
      'pt',
      'it',
      'nl',
      'sv',
      'da',
      'nb',
      'fi',
      'is',
      'ga',
      'cy',
      'eu',
      'ca',
      'gl',
      'lb',
      'sq',
      'af',
      'id',
      'ms',
    ].map((code) => [code, WESTERN]),
  ),
  ...Object.fromEntries(['pl', 'cs', 'sk', 'hu', 'ro', 'hr', 'bs', 'sl'].map((code) => [code, CENTRAL])),
  ...Object.fromEntries(['be', 'bg', 'mk', 'kk', 'ky', 'tg', 'mn'].map((code) => [code, CYRILLIC])),
  sr: ['windows-1251', 'windows-1250', 'iso-8859-2'],
  ru: ['windows-1251', 'koi8-r'],
  uk: ['windows-1251', 'koi8-u'],
  el: ['windows-1253', 'iso-8859-7'],
  tr: ['windows-1254'],
  az: ['windows-1254'],
  he: ['windows-1255'],
  yi: ['windows-1255'],
  ar: ['windows-1256'],
  fa: ['windows-1256'],
  ur: ['windows-1256'],
  ps: ['windows-1256'],
  ku: ['windows-1256'],
  lt: ['windows-1257'],
  lv: ['windows-1257'],
  et: ['windows-1257'],
  vi: ['windows-1258'],
  th: ['windows-874'],
  ja: ['shift_jis', 'euc-jp'],
  zh: ['gbk', 'big5'],
  'zh-cn': ['gbk'],
  'zh-tw': ['big5'],
  'zh-hk': ['big5'],
  ko: ['euc-kr'],
};

/**
 * The legacy code pages a track in `language` (a code of the kit's list: 'ru', 'pt-br', 'zh-tw') is
 * likely written in; empty when the language says nothing (not given, or no legacy code page of ours).
 */
export function codePagesOf(language: string | undefined): readonly string[] {
  if (!language) return [];
  const code = language.trim().toLowerCase();
  return CODE_PAGES[code] ?? CODE_PAGES[code.split('-', 1)[0]!] ?? [];
}
