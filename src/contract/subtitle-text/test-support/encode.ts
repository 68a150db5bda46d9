/**
 * Test-only: builds legacy-encoded bytes without iconv. A reverse table is made by decoding every
 * byte (single-byte code pages) or every lead/trail pair (multi-byte ones) with the platform's
 * `TextDecoder` and remembering which bytes gave which character.
 */
const MULTI_BYTE = new Set(['shift_jis', 'gbk', 'gb18030', 'big5', 'euc-kr', 'euc-jp']);
const tables = new Map<string, Map<string, number[]>>();

function tableFor(encoding: string): Map<string, number[]> {
  const cached = tables.get(encoding);
  if (cached) return cached;
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number[]>();
  const remember = (bytes: number[]): void => {
    const text = decoder.decode(Uint8Array.from(bytes));
    if (text.length === 1 && text !== '\uFFFD' && !table.has(text)) table.set(text, bytes);
  };
  for (let byte = 0; byte < 0x100; byte++) remember([byte]);
  if (MULTI_BYTE.has(encoding)) {
    for (let lead = 0x81; lead <= 0xfe; lead++) for (let trail = 0x40; trail <= 0xfe; trail++) remember([lead, trail]);
  }
  tables.set(encoding, table);
  return table;
}

/**
 * One character in a single-byte code page; a character it lacks is decomposed (NFD) and written as
 * the longest composed prefix it has plus combining marks — how windows-1258 writes Vietnamese
 * ("ế" = "ê" + U+0301).
 */
function encodeChar(ch: string, table: Map<string, number[]>, encoding: string): number[] {
  const direct = table.get(ch);
  if (direct) return direct;
  const [base = '', ...marks] = [...ch.normalize('NFD')];
  // "ộ" = o + dot below + circumflex: written "ô" + dot below. Try leaving out one mark, then all.
  const splits = [...marks.map((_, k) => [marks.filter((__, j) => j !== k), [marks[k]!]]), [[], marks]];
  for (const [kept, apart] of splits) {
    const head = table.get((base + kept!.join('')).normalize('NFC'));
    const tail = apart!.map((mark) => table.get(mark));
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
  const table = tableFor(encoding);
  const bytes: number[] = [];
  for (const ch of text) bytes.push(...encodeChar(ch, table, encoding));
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
