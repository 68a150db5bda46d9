/** Magic numbers of files people pick by mistake instead of a subtitle (and VobSub's binary .sub). */
const SIGNATURES: readonly (readonly (number | null)[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0x50, 0x4b, 0x03, 0x04], // ZIP, DOCX, XLSX
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0x1f, 0x8b], // gzip
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [null, null, null, null, 0x66, 0x74, 0x79, 0x70], // MP4, MOV: "ftyp" at offset 4
  [0x1a, 0x45, 0xdf, 0xa3], // Matroska, WebM
  [0x52, 0x49, 0x46, 0x46], // RIFF: AVI, WAV, WebP
  [0x4f, 0x67, 0x67, 0x53], // Ogg
  [0x49, 0x44, 0x33], // MP3 with ID3
  [0x00, 0x00, 0x01, 0xba], // MPEG program stream: a VobSub .sub
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // RAR
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a, 0x90, 0x00], // Windows executable
];

const matches = (bytes: Uint8Array, signature: readonly (number | null)[]): boolean =>
  bytes.length >= signature.length && signature.every((byte, i) => byte === null || bytes[i] === byte);

/**
 * True when the bytes are a known binary format or, for text that is not UTF-16, contain control
 * bytes (NUL and friends) in more than 1% of the first 64 KB. Text files have none except tab, line
 * breaks, form feed and an old DOS end-of-file mark (0x1A).
 */
export function looksBinary(bytes: Uint8Array, isUtf16: boolean): boolean {
  if (SIGNATURES.some((signature) => matches(bytes, signature))) return true;
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
