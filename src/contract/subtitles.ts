/**
 * Facts about subtitles that the kit and the reference server must agree on.
 * Both import this file, so a limit or a language is changed in one place.
 */

/** 5 MB = 5,242,880 bytes: a file of exactly this size passes, one byte more does not (the kit and the server apply the same bound). */
export const SUBTITLE_MAX_BYTES = 5 * 1024 * 1024;

/** Accepted file extensions, lower case, with the dot (docs/spec.md §5, §9). */
export const SUBTITLE_EXTENSIONS = ['.srt', '.vtt', '.ass', '.ssa', '.sub'] as const;

/** Length of the random alphanumeric prefix of `sub_tmp` (docs/spec.md §7, §9). */
export const SUB_TMP_PREFIX_LENGTH = 16;

/**
 * The subtitle languages an operator can pick (docs/spec.md §3: about 110 codes, lower case, regional
 * variants with a dash). Their native labels come from `Intl.DisplayNames` in the kit.
 */
export const LANGUAGE_CODES = [
  // The examples of docs/spec.md §3 first, in its order.
  'en',
  'zh',
  'zh-cn',
  'zh-tw',
  'hi',
  'es',
  'fr',
  'ar',
  'pt',
  'pt-br',
  'ru',
  'ja',
  'de',
  'ko',
  'vi',
  'id',
  'tr',
  // Regional variants.
  'zh-hk',
  'en-gb',
  'es-mx',
  'es-419',
  'fr-ca',
  'pt-pt',
  'ar-eg',
  'ar-sa',
  'ar-ae',
  'ar-ma',
  'ar-dz',
  'ar-iq',
  'ar-lb',
  'ar-tn',
  // Europe.
  'it',
  'nl',
  'pl',
  'uk',
  'ro',
  'hu',
  'cs',
  'sk',
  'el',
  'sv',
  'da',
  'nb',
  'fi',
  'is',
  'et',
  'lv',
  'lt',
  'bg',
  'sr',
  'hr',
  'bs',
  'sl',
  'mk',
  'sq',
  'be',
  'ga',
  'cy',
  'eu',
  'ca',
  'gl',
  'mt',
  'lb',
  // Middle East, South and South-East Asia.
  'he',
  'fa',
  'ur',
  'ps',
  'ku',
  'bn',
  'ta',
  'te',
  'mr',
  'gu',
  'kn',
  'ml',
  'pa',
  'si',
  'ne',
  'th',
  'ms',
  'fil',
  'my',
  'km',
  'lo',
  // Caucasus and Central Asia.
  'ka',
  'hy',
  'az',
  'kk',
  'uz',
  'ky',
  'tg',
  'tk',
  'mn',
  // Africa.
  'sw',
  'am',
  'ha',
  'yo',
  'ig',
  'zu',
  'xh',
  'af',
  'so',
  'rw',
  'mg',
  'sn',
  'om',
  'ti',
  'wo',
  'ln',
  // Others.
  'eo',
  'la',
  'mi',
  'haw',
  'sm',
  'jv',
  'su',
  'ceb',
  'ht',
  'yi',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

const known: ReadonlySet<string> = new Set(LANGUAGE_CODES);
export const isLanguageCode = (code: string): code is LanguageCode => known.has(code);

/** The extension of a file name, lower case with its dot, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

export const isSubtitleExtension = (fileName: string): boolean =>
  (SUBTITLE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
