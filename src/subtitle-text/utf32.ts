/**
 * UTF-32 decoding. WHATWG `TextDecoder` (browsers, Node) has no UTF-32, yet Windows tools still write
 * it now and then; four bytes per code point make it a short loop. A value that is not a Unicode scalar
 * (a surrogate, above U+10FFFF) or a trailing partial unit becomes U+FFFD, as TextDecoder would do.
 */
export function decodeUtf32(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const whole = bytes.length & ~3;
  const chunks: string[] = [];
  const units: number[] = [];
  for (let i = 0; i < whole; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    const valid = cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    if (!valid) units.push(0xfffd);
    else if (cp > 0xffff) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    else units.push(cp);
    // fromCharCode takes its arguments on the stack: flush in chunks well below the engines' limits.
    if (units.length >= 8192) chunks.push(String.fromCharCode(...units.splice(0)));
  }
  if (whole < bytes.length) units.push(0xfffd);
  chunks.push(String.fromCharCode(...units));
  return chunks.join('');
}
