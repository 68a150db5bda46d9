import { canonicalEncoding, checkSubtitleBytes, toWebVtt } from '../../../src/contract/subtitle-text';

/** The message of a `sub_charset` that neither WHATWG nor our UTF-32 decoder knows. */
export const unknownCharset = (label: string): string =>
  `Unknown sub_charset "${label.slice(0, 40)}": use an encoding label such as utf-8, windows-1251 or shift_jis`;

export type Rendition = { ok: true; vtt: string; charset: string } | { ok: false; reason: string; charset?: undefined };

/**
 * The player's copy of a subtitle: the original bytes read with `charset` (a canonical encoding
 * name) or, without one, with the encoding the shared check detects; parsed as the file name's
 * extension says; written as UTF-8 WebVTT. Refused (with the check's sentence) only when no player
 * could show the file. The same module runs in the kit's check before upload, so both agree.
 */
export function makeRendition(bytes: Uint8Array, fileName: string, charset?: string): Rendition {
  const check = checkSubtitleBytes(bytes, fileName, charset ? { encoding: charset } : {});
  return check.ok ? { ok: true, vtt: toWebVtt(check.cues), charset: check.encoding } : { ok: false, reason: check.reason };
}

/** A `sub_charset` value as the canonical encoding name, or an error message. Empty = not given. */
export function parseCharset(label: string | undefined): { charset?: string; error?: string } {
  const trimmed = (label ?? '').trim();
  if (trimmed === '') return {};
  const charset = canonicalEncoding(trimmed);
  return charset ? { charset } : { error: unknownCharset(trimmed) };
}
