import { SUB_TMP_PREFIX_LENGTH } from '../../../contract/subtitles';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 248 = 4 × 62: bytes from 248 up are thrown away so every character is exactly as likely (no modulo bias). */
const LIMIT = 256 - (256 % ALPHABET.length);

/** Fills a byte array with random values; `crypto.getRandomValues` in production, a stub in tests. */
export type RandomFill = (array: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoFill: RandomFill = (array) => {
  crypto.getRandomValues(array);
  return array;
};

/**
 * The `sub_tmp` field of an upload: 16 random characters from [A-Za-z0-9], '_', the original file
 * name (docs/spec.md §7). The server treats a repeated sub_tmp as the same upload, so the prefix must be
 * unpredictable and uniform: bytes come from `crypto.getRandomValues` and those ≥ 248 are rejected.
 * Throws if `random` keeps returning only rejected bytes (a broken stub), rather than looping forever.
 */
export function makeSubTmp(fileName: string, random: RandomFill = cryptoFill): string {
  let prefix = '';
  for (let round = 0; prefix.length < SUB_TMP_PREFIX_LENGTH; round++) {
    if (round > 64) throw new Error('makeSubTmp: the random source returned no usable bytes');
    // 1.25× what is needed: one call almost always suffices, as only 8 of 256 values are rejected.
    const bytes = random(new Uint8Array(SUB_TMP_PREFIX_LENGTH + 4));
    for (const byte of bytes) {
      if (byte < LIMIT && prefix.length < SUB_TMP_PREFIX_LENGTH) prefix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${prefix}_${fileName}`;
}
