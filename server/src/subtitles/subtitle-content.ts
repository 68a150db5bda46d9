import { canonicalEncoding } from '../../../src/subtitle-text';
import { renditionOf } from '../../../src/subtitle-text/rendition';

/** The message of a `sub_charset` that neither WHATWG nor our UTF-32 decoder knows. */
export const unknownCharset = (label: string): string =>
  `Unknown sub_charset "${label.slice(0, 40)}": use an encoding label such as utf-8, windows-1251 or shift_jis`;

/** The player's copy: its UTF-8 WebVTT bytes and the encoding the original was read with; or why there is none. */
export type Rendition = { ok: true; content: Uint8Array; charset: string } | { ok: false; reason: string; charset?: undefined };

/**
 * The player's copy of a subtitle: the original bytes read with `charset` (a canonical encoding
 * name) or, without one, with the encoding the shared check detects (the track's `language` as a
 * prior); parsed as the file name's
 * extension says; written as UTF-8 WebVTT. Refused (with the check's sentence) only when no player
 * could show the file. The same module runs in the kit's check before upload, so both agree. The
 * server runs it in a worker (RenditionPool).
 */
export function makeRendition(bytes: Uint8Array, fileName: string, charset?: string, language?: string): Rendition {
  const rendition = renditionOf(bytes, fileName, { ...(charset ? { encoding: charset } : {}), language });
  // The bytes own their buffer (a small Buffer shares a pooled one), so a worker can transfer them.
  return rendition.ok ? { ok: true, content: rendition.content, charset: rendition.encoding } : { ok: false, reason: rendition.reason };
}

/** A `sub_charset` value as the canonical encoding name, or an error message. Empty = not given. */
export function parseCharset(label: string | undefined): { charset?: string; error?: string } {
  const trimmed = (label ?? '').trim();
  if (trimmed === '') return {};
  const charset = canonicalEncoding(trimmed);
  return charset ? { charset } : { error: unknownCharset(trimmed) };
}
