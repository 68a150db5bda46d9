import { normalizeEncoding } from '@exodus/bytes/encoding-lite.js';
import { createSinglebyteDecoder } from '@exodus/bytes/single-byte.js';
import { decodeUtf32 } from './utf32';

/**
 * Bytes to text in a named encoding: the one place the kit's check, the server's rendition and
 * detection scoring decode, so the three always agree.
 *
 * Why not `TextDecoder` alone: the runtime's single-byte tables are not the WHATWG ones. Node 20.20
 * decodes windows-1252 as ISO-8859-1 (every ’ “ ” … – € œ becomes an invisible C1 control,
 * nodejs/node#56542), and its ICU tables differ from WHATWG's in windows-874, windows-1253,
 * windows-1255 and koi8-u; iso-8859-16 is missing. So every legacy single-byte code page is decoded by
 * @exodus/bytes, which carries the WHATWG index tables (and uses a browser's own decoder only where
 * it checked that decoder right); measured on 5 MB, it takes about as long as `TextDecoder` (windows-1251 ~19 ms against ~17 ms;
 * windows-1252 ~6 ms against ~25 ms).
 * Multi-byte code pages (Shift_JIS, GBK, Big5 …) keep the runtime's decoder: their tables are too large
 * for the kit's bundle.
 */

/** The WHATWG legacy single-byte encodings (Encoding Standard §9), by their names. */
const SINGLE_BYTE = new Set([
  'ibm866',
  'iso-8859-2',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'iso-8859-8-i',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'koi8-r',
  'koi8-u',
  'macintosh',
  'windows-874',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'x-mac-cyrillic',
]);

/** Unknown to WHATWG, so `TextDecoder` refuses them: decoded by {@link decodeUtf32}. */
const UTF32_LABELS: Record<string, string> = { 'utf-32': 'utf-32le', 'utf-32le': 'utf-32le', 'utf-32be': 'utf-32be' };

/** True for a canonical name this module decodes by a WHATWG index table of its own. */
export const isSingleByte = (encoding: string): boolean => SINGLE_BYTE.has(encoding);

/**
 * The canonical name of an encoding label ('cp1251' → 'windows-1251', 'latin1' → 'windows-1252',
 * 'UTF-32' → 'utf-32le'), or null when it names no text encoding we can decode. Labels resolve by the
 * WHATWG table, not the runtime's (Node refuses 'iso-8859-16', for one).
 */
export function canonicalEncoding(label: string): string | null {
  const trimmed = label.trim().toLowerCase();
  if (UTF32_LABELS[trimmed]) return UTF32_LABELS[trimmed];
  const name = normalizeEncoding(trimmed);
  // 'replacement' (iso-2022-kr …) decodes every input to one U+FFFD; x-user-defined is not text.
  if (!name || name === 'replacement' || name === 'x-user-defined') return null;
  if (SINGLE_BYTE.has(name)) return name;
  try {
    return new TextDecoder(name).encoding;
  } catch {
    return null; // a multi-byte code page this runtime has no decoder for
  }
}

const singleByteDecoders = new Map<string, (bytes: Uint8Array) => string>();

function singleByteDecoder(encoding: string): (bytes: Uint8Array) => string {
  let decoder = singleByteDecoders.get(encoding);
  if (!decoder) {
    // loose: a byte the code page leaves undefined becomes U+FFFD, as TextDecoder does, instead of throwing.
    decoder = createSinglebyteDecoder(encoding, true);
    singleByteDecoders.set(encoding, decoder);
  }
  return decoder;
}

/**
 * `bytes` read in `encoding` (a canonical name from {@link canonicalEncoding}). A BOM is kept as
 * U+FEFF, the same way for every encoding, so the caller strips it once; invalid bytes become U+FFFD.
 */
export function decodeText(bytes: Uint8Array, encoding: string): string {
  if (encoding === 'utf-32le' || encoding === 'utf-32be') return decodeUtf32(bytes, encoding === 'utf-32le');
  if (SINGLE_BYTE.has(encoding)) return singleByteDecoder(encoding)(bytes);
  return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}
