/**
 * Encoding names, in a file of their own so the kit's dialogs can list them without loading the
 * detector (its code-page models and decoding tables load only when a file is checked). Labels are
 * resolved by `canonicalEncoding` in decode-text.ts.
 */

/** The encodings an operator may pick in the kit, most used first; any other WHATWG label works too. */
export const SUPPORTED_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'utf-32le',
  'utf-32be',
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'iso-8859-2',
  'windows-1257',
  'windows-1254',
  'koi8-r',
  'koi8-u',
  'windows-1253',
  'iso-8859-7',
  'windows-1255',
  'windows-1256',
  'windows-1258',
  'windows-874',
  'shift_jis',
  'euc-jp',
  'gbk',
  'gb18030',
  'big5',
  'euc-kr',
] as const;
