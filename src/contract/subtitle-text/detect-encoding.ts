import { guessLegacyEncoding } from './score-legacy';

/**
 * How sure the detection is. 'certain': a BOM, pure ASCII or valid UTF-8 with non-ASCII text.
 * 'likely': a strong pattern (UTF-16 NUL bytes, UTF-8 with a few broken bytes, a clear legacy winner).
 * 'guess': a legacy code page chosen by a narrow margin — the UI should offer to pick another.
 */
export type EncodingConfidence = 'certain' | 'likely' | 'guess';

export interface DetectedEncoding {
  /** WHATWG encoding name, usable as `new TextDecoder(encoding)`: 'utf-8', 'utf-16le', 'windows-1250' … */
  encoding: string;
  bom: boolean;
  confidence: EncodingConfidence;
}

/** The encodings the check may report, for an "encoding" override select in the UI. */
export const SUPPORTED_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'iso-8859-2',
  'windows-1257',
  'windows-1254',
  'koi8-r',
  'windows-1253',
  'windows-1255',
  'windows-1256',
  'windows-874',
  'shift_jis',
  'gbk',
  'big5',
  'euc-kr',
] as const;

function bomOf(bytes: Uint8Array): DetectedEncoding | null {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', bom: true, confidence: 'certain' };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', bom: true, confidence: 'certain' };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', bom: true, confidence: 'certain' };
  return null;
}

/**
 * UTF-16 without a BOM: subtitles are full of ASCII (times, digits, line breaks), and in UTF-16 every
 * ASCII character has a NUL high byte — odd positions for LE, even for BE. Checked on the first 4 KB.
 */
function utf16WithoutBom(bytes: Uint8Array): DetectedEncoding | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = length / 2;
  const encoding =
    oddNul / pairs > 0.25 && evenNul / pairs < 0.05 ? 'utf-16le' : evenNul / pairs > 0.25 && oddNul / pairs < 0.05 ? 'utf-16be' : null;
  if (!encoding) return null;
  try {
    // Unpaired surrogates mean it only looked like UTF-16.
    new TextDecoder(encoding, { fatal: true }).decode(bytes.subarray(0, bytes.length & ~1));
  } catch {
    return null;
  }
  return { encoding, bom: false, confidence: 'likely' };
}

/**
 * Counts well-formed UTF-8 multi-byte sequences and stray bytes. Legacy text almost never forms valid
 * sequences by chance (é followed by a space is invalid), so many valid ones and a few stray bytes mean
 * a UTF-8 file with a damaged spot, not a legacy file.
 */
function utf8Evidence(bytes: Uint8Array): { valid: number; invalid: number } {
  let valid = 0;
  let invalid = 0;
  let i = 0;
  while (i < bytes.length) {
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
 * Detects the text encoding of a subtitle file from its bytes: BOM first, then UTF-16 by its NUL
 * pattern, then pure ASCII and strict UTF-8, then the most plausible legacy code page (see
 * score-legacy.ts for the heuristic). Linear in the file size; legacy scoring reads at most 64 KB.
 */
export function detectEncoding(bytes: Uint8Array): DetectedEncoding {
  const bom = bomOf(bytes);
  if (bom) return bom;
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return utf16;

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
  const legacy = guessLegacyEncoding(bytes);
  return { encoding: legacy.encoding, bom: false, confidence: legacy.confidence };
}

export interface DecodedSubtitle {
  /** The text without its BOM. */
  text: string;
  encoding: string;
  bom: boolean;
  confidence: EncodingConfidence;
}

/**
 * Decodes subtitle bytes: detects the encoding (or uses `encoding` when the user picked one) and
 * strips the BOM, which naive SRT parsers mistake for part of the first cue number.
 */
export function decodeSubtitle(bytes: Uint8Array, encoding?: string): DecodedSubtitle {
  const detected: DetectedEncoding = encoding
    ? { encoding, bom: bomOf(bytes)?.encoding === encoding, confidence: 'certain' }
    : detectEncoding(bytes);
  // ignoreBOM: true keeps the BOM as U+FEFF so it is stripped here, the same way for every encoding.
  let text = new TextDecoder(detected.encoding, { ignoreBOM: true }).decode(bytes);
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  return { text, ...detected };
}
