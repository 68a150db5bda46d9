/** Refusals of content that is not subtitle text, checked before anything is decoded or parsed. */

export const BINARY_REASON = 'This file is not a subtitle file';
export const VOBSUB_REASON =
  'This .sub file is a VobSub subtitle: its subtitles are images, not text, so they cannot be played. Please upload a text subtitle (.srt, .vtt, .ass, .ssa or a text .sub).';

interface Signature {
  /** Bytes at the start of the file; null matches any byte. */
  bytes: readonly (number | null)[];
  reason: string;
}

const binary = (...bytes: (number | null)[]): Signature => ({ bytes, reason: BINARY_REASON });

/** Magic numbers of files people pick by mistake instead of a subtitle, and VobSub's image .sub. Add new ones here. */
export const SIGNATURES: readonly Signature[] = [
  { bytes: [0x00, 0x00, 0x01, 0xba], reason: VOBSUB_REASON }, // MPEG program stream: a VobSub .sub
  binary(0x89, 0x50, 0x4e, 0x47), // PNG
  binary(0xff, 0xd8, 0xff), // JPEG
  binary(0x47, 0x49, 0x46, 0x38), // GIF8
  binary(0x50, 0x4b, 0x03, 0x04), // ZIP, DOCX, XLSX
  binary(0x50, 0x4b, 0x05, 0x06), // empty ZIP
  binary(0x1f, 0x8b), // gzip
  binary(0x25, 0x50, 0x44, 0x46, 0x2d), // %PDF-
  binary(null, null, null, null, 0x66, 0x74, 0x79, 0x70), // MP4, MOV: "ftyp" at offset 4
  binary(0x1a, 0x45, 0xdf, 0xa3), // Matroska, WebM
  binary(0x52, 0x49, 0x46, 0x46), // RIFF: AVI, WAV, WebP
  binary(0x4f, 0x67, 0x67, 0x53), // Ogg
  binary(0x49, 0x44, 0x33), // MP3 with ID3
  binary(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), // 7z
  binary(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07), // RAR
  binary(0x7f, 0x45, 0x4c, 0x46), // ELF
  binary(0x4d, 0x5a, 0x90, 0x00), // Windows executable
];

const matches = (bytes: Uint8Array, signature: Signature): boolean =>
  bytes.length >= signature.bytes.length && signature.bytes.every((byte, i) => byte === null || bytes[i] === byte);

/** The reason to refuse bytes that start like a known non-text format, or null. */
export function refusalBySignature(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => matches(bytes, signature))?.reason ?? null;
}

/**
 * True when over a tenth of the first 64 K characters of the decoded text are control characters
 * (text has none but tab, line breaks, form feed and DOS's end-of-file mark 0x1A). A few NULs inside
 * cue text are a player-tolerated flaw, reported as a warning; a file made of them is not text.
 */
export function textLooksBinary(text: string): boolean {
  const length = Math.min(text.length, 64 * 1024);
  let controls = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c && code !== 0x1a) controls++;
  }
  return controls > Math.max(2, length / 10);
}
