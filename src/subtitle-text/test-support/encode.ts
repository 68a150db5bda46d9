/**
 * Test-only: builds legacy-encoded bytes with iconv-lite, an encoder that shares no table with the
 * code under test (which decodes by @exodus/bytes and the platform's TextDecoder): a corpus encoded
 * and decoded by the same tables would hide a wrong table, as it once hid Node's windows-1252 bug.
 */
import iconv from 'iconv-lite';

/** `text` in `encoding`, or null when iconv-lite cannot write it exactly (it would put "?" in its place). */
function encodeExactly(text: string, encoding: string): number[] | null {
  const bytes = iconv.encode(text, encoding);
  return iconv.decode(bytes, encoding) === text ? [...bytes] : null;
}

/**
 * One character in a legacy code page; a character it lacks is decomposed (NFD) and written as the
 * longest composed prefix it has plus combining marks — how windows-1258 writes Vietnamese
 * ("ế" = "ê" + U+0301).
 */
function encodeChar(ch: string, encoding: string): number[] {
  const direct = encodeExactly(ch, encoding);
  if (direct) return direct;
  const [base = '', ...marks] = [...ch.normalize('NFD')];
  // "ộ" = o + dot below + circumflex: written "ô" + dot below. Try leaving out one mark, then all.
  const splits = [...marks.map((_, k) => [marks.filter((__, j) => j !== k), [marks[k]!]]), [[], marks]];
  for (const [kept, apart] of splits) {
    const head = encodeExactly((base + kept!.join('')).normalize('NFC'), encoding);
    const tail = apart!.map((mark) => encodeExactly(mark, encoding));
    if (head && tail.every(Boolean)) return [...head, ...tail.flatMap((bytes) => bytes!)];
  }
  throw new Error(`encode: ${JSON.stringify(ch)} has no ${encoding} byte`);
}

function encodeUtf32(text: string, littleEndian: boolean): Uint8Array<ArrayBuffer> {
  const points = [...text].map((ch) => ch.codePointAt(0)!);
  const out = new Uint8Array(points.length * 4);
  const view = new DataView(out.buffer);
  points.forEach((cp, i) => view.setUint32(i * 4, cp, littleEndian));
  return out;
}

/**
 * `text` in `encoding` ('utf-8', 'utf-16le/be', 'utf-32le/be', or a legacy code page); throws on an
 * unmappable character.
 */
export function encode(text: string, encoding: string): Uint8Array<ArrayBuffer> {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  if (encoding === 'utf-32le' || encoding === 'utf-32be') return encodeUtf32(text, encoding === 'utf-32le');
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const out = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      const [high, low] = [unit >> 8, unit & 0xff];
      out[2 * i] = encoding === 'utf-16le' ? low : high;
      out[2 * i + 1] = encoding === 'utf-16le' ? high : low;
    }
    return out;
  }
  const whole = encodeExactly(text, encoding);
  if (whole) return Uint8Array.from(whole);
  const bytes: number[] = [];
  for (const ch of text) bytes.push(...encodeChar(ch, encoding));
  return Uint8Array.from(bytes);
}

/** The byte order mark of each Unicode encoding. */
export const BOMS: Record<string, number[]> = {
  'utf-8': [0xef, 0xbb, 0xbf],
  'utf-16le': [0xff, 0xfe],
  'utf-16be': [0xfe, 0xff],
  'utf-32le': [0xff, 0xfe, 0, 0],
  'utf-32be': [0, 0, 0xfe, 0xff],
};

/** Prepends bytes (a BOM). */
export const withPrefix = (prefix: number[], bytes: Uint8Array): Uint8Array<ArrayBuffer> => Uint8Array.from([...prefix, ...bytes]);
