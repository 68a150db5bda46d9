import { canonicalEncoding, decodeText } from './decode-text';
import { guessLegacyEncoding } from './score-legacy';

/**
 * How sure the detection is. 'certain': a BOM, pure ASCII or valid UTF-8 with non-ASCII text.
 * 'likely': a strong pattern (UTF-16/32 NUL bytes, UTF-8 with a few broken bytes, a clear legacy winner).
 * 'guess': a legacy code page chosen by a narrow margin — the UI should offer to pick another.
 */
export type EncodingConfidence = 'certain' | 'likely' | 'guess';

export interface DetectedEncoding {
  /** WHATWG encoding name ('utf-8', 'utf-16le', 'windows-1250' …), or 'utf-32le' / 'utf-32be'. */
  encoding: string;
  bom: boolean;
  confidence: EncodingConfidence;
}

function bomOf(bytes: Uint8Array): DetectedEncoding | null {
  const [a, b, c, d] = bytes;
  const certain = (encoding: string): DetectedEncoding => ({ encoding, bom: true, confidence: 'certain' });
  if (a === 0xef && b === 0xbb && c === 0xbf) return certain('utf-8');
  // FF FE 00 00 is also UTF-16 LE starting with a NUL character; no subtitle starts with one.
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return certain('utf-32le');
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return certain('utf-32be');
  if (a === 0xff && b === 0xfe) return certain('utf-16le');
  if (a === 0xfe && b === 0xff) return certain('utf-16be');
  return null;
}

const BOM_LENGTH: Record<string, number> = { 'utf-8': 3, 'utf-16le': 2, 'utf-16be': 2, 'utf-32le': 4, 'utf-32be': 4 };

/**
 * UTF-32 or UTF-16 without a BOM. Subtitles are full of ASCII (times, digits, line breaks), and in
 * these encodings every ASCII character has NUL bytes in fixed places: UTF-32 LE "t 0 0 0", BE
 * "0 0 0 t"; UTF-16 LE "t 0", BE "0 t". Counted over the first 4 KB: the expected NUL column must be
 * NUL in over a quarter of the units and the opposite column almost never (text has no NUL characters).
 */
function wideUnicodeWithoutBom(bytes: Uint8Array): DetectedEncoding | null {
  const length = Math.min(bytes.length, 4096) & ~3;
  if (length < 8) return null;
  const nulAt = [0, 0, 0, 0];
  for (let i = 0; i < length; i++) if (bytes[i] === 0) nulAt[i & 3]!++;
  const quads = length / 4;
  const share = nulAt.map((count) => count / quads);
  const [s0, s1, s2, s3] = share as [number, number, number, number];
  let encoding: string | null = null;
  // UTF-32: the top byte of every code point is NUL (nothing exceeds U+10FFFF).
  if (s3 > 0.99 && s2 > 0.9 && s0 < 0.05) encoding = 'utf-32le';
  else if (s0 > 0.99 && s1 > 0.9 && s3 < 0.05) encoding = 'utf-32be';
  else {
    const even = (s0 + s2) / 2;
    const odd = (s1 + s3) / 2;
    if (odd > 0.25 && even < 0.05) encoding = 'utf-16le';
    else if (even > 0.25 && odd < 0.05) encoding = 'utf-16be';
  }
  if (!encoding) return null;
  if (encoding.startsWith('utf-16')) {
    try {
      // Unpaired surrogates mean it only looked like UTF-16.
      new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, bytes.length & ~1));
    } catch {
      return null;
    }
  }
  return { encoding, bom: false, confidence: 'likely' };
}

/**
 * Counts well-formed UTF-8 multi-byte sequences and stray bytes in the first 256 KB. Legacy text almost
 * never forms valid sequences by chance (é followed by a space is invalid), so many valid ones and a
 * few stray bytes mean a UTF-8 file with a damaged spot, not a legacy file.
 */
function utf8Evidence(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  let i = 0;
  const end = Math.min(bytes.length, 256 * 1024);
  while (i < end) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const need = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    let ok = need > 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) ok = ((bytes[i + k] ?? 0) & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += need + 1;
    } else {
      invalid++;
      i++;
    }
  }
  return { valid, invalid };
}

/**
 * Detects the text encoding of a subtitle file from its bytes: BOM first, then UTF-32/UTF-16 by their
 * NUL pattern, then pure ASCII and strict UTF-8, then the most plausible legacy code page (see
 * score-legacy.ts for the heuristic), the track's `language` (a code such as 'he') as a prior there.
 * Linear in the file size; legacy scoring reads at most 8 KB.
 */
export function detectEncoding(bytes: Uint8Array, language?: string): DetectedEncoding {
  const bom = bomOf(bytes);
  if (bom) return bom;
  const wide = wideUnicodeWithoutBom(bytes);
  if (wide) return wide;

  let ascii = true;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i]! >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (ascii) return { encoding: 'utf-8', bom: false, confidence: 'certain' };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', bom: false, confidence: 'certain' };
  } catch {
    // Not strictly UTF-8; maybe UTF-8 with a damaged spot, else a legacy code page.
  }
  const { valid, invalid } = utf8Evidence(bytes);
  if (valid >= 4 && valid >= 10 * invalid) return { encoding: 'utf-8', bom: false, confidence: 'likely' };
  const legacy = guessLegacyEncoding(bytes, language);
  return { encoding: legacy.encoding, bom: false, confidence: legacy.confidence };
}

export interface DecodedSubtitle {
  /** The text without its BOM. */
  text: string;
  encoding: string;
  bom: boolean;
  confidence: EncodingConfidence;
}

/** Decodes with a canonical encoding name; windows-1258 text is composed (NFC), see below. */
function decodeAs(bytes: Uint8Array, encoding: string): string {
  const text = decodeText(bytes, encoding);
  // Vietnamese in windows-1258 writes tones as combining marks ("e" + U+0301); composed, the text
  // compares and renders like the same words typed in Unicode.
  return encoding === 'windows-1258' ? text.normalize('NFC') : text;
}

/**
 * Decodes subtitle bytes: detects the encoding, or uses `encoding` (any WHATWG label, or UTF-32) when
 * the user or an API client named one; strips the BOM, which naive SRT parsers mistake for part of
 * the first cue number. An unknown label falls back to detection.
 */
export function decodeSubtitle(bytes: Uint8Array, encoding?: string, language?: string): DecodedSubtitle {
  const named = encoding ? canonicalEncoding(encoding) : null;
  const detected: DetectedEncoding = named
    ? { encoding: named, bom: bomOf(bytes)?.encoding === named, confidence: 'certain' }
    : detectEncoding(bytes, language);
  const body = detected.bom ? bytes.subarray(BOM_LENGTH[detected.encoding] ?? 0) : bytes;
  let text = decodeAs(body, detected.encoding);
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  return { text, ...detected };
}
