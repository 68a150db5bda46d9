/**
 * Test-only: builds legacy-encoded bytes without iconv. A reverse table is made by decoding every
 * byte (single-byte code pages) or every lead/trail pair (multi-byte ones) with the platform's
 * `TextDecoder` and remembering which bytes gave which character.
 */
const MULTI_BYTE = new Set(['shift_jis', 'gbk', 'gb18030', 'big5', 'euc-kr']);
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

/** `text` in `encoding` ('utf-8', 'utf-16le', 'utf-16be', or a legacy code page); throws on an unmappable character. */
export function encode(text: string, encoding: string): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
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
  for (const ch of text) {
    const mapped = table.get(ch);
    if (!mapped) throw new Error(`encode: ${JSON.stringify(ch)} has no ${encoding} byte`);
    bytes.push(...mapped);
  }
  return Uint8Array.from(bytes);
}

/** Prepends bytes (a BOM). */
export const withPrefix = (prefix: number[], bytes: Uint8Array): Uint8Array => Uint8Array.from([...prefix, ...bytes]);
