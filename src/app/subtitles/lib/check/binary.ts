import { binaryFormatOf } from '../../../../contract/binary-signatures';

/**
 * True when the bytes are a known binary format or, for text that is not UTF-16, contain control
 * bytes (NUL and friends) in more than 1% of the first 64 KB. Text files have none except tab, line
 * breaks, form feed and an old DOS end-of-file mark (0x1A).
 */
export function looksBinary(bytes: Uint8Array, isUtf16: boolean): boolean {
  if (binaryFormatOf(bytes) !== null) return true;
  if (isUtf16) return false;
  const length = Math.min(bytes.length, 64 * 1024);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const byte = bytes[i]!;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a) controls++;
  }
  return controls > Math.max(2, length / 100);
}

/** The same test on decoded UTF-16 text, where a NUL is a U+0000 character rather than a byte. */
export function textLooksBinary(text: string): boolean {
  const length = Math.min(text.length, 32 * 1024);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1a) controls++;
  }
  return controls > Math.max(2, length / 100);
}
