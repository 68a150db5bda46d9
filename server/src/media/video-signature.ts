/**
 * Whether the first bytes of a file are those of a video container ffmpeg reads: checked when an
 * upload arrives, so that a photo, a document or a text file is refused at once (400) instead of
 * failing in the pipeline. A container that passes may still hold no video: the probe decides then.
 */
const ascii = (bytes: Buffer, at: number, text: string): boolean => bytes.subarray(at, at + text.length).toString('latin1') === text;
const starts = (bytes: Buffer, signature: number[]): boolean => signature.every((b, i) => bytes[i] === b);

/** MPEG transport stream: a sync byte every 188 (or 192 for M2TS) bytes. */
function isTransportStream(bytes: Buffer): boolean {
  for (const [offset, stride] of [
    [0, 188],
    [4, 192],
  ] as const) {
    if (bytes.length >= offset + stride * 3 && [0, 1, 2].every((i) => bytes[offset + i * stride] === 0x47)) return true;
  }
  return false;
}

export const VIDEO_SNIFF_BYTES = 1024;

export function looksLikeVideo(bytes: Buffer): boolean {
  return (
    // ISO base media (MP4, MOV, 3GP, M4V): a box type at offset 4
    ['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip', 'pnot'].some((box) => ascii(bytes, 4, box)) ||
    starts(bytes, [0x1a, 0x45, 0xdf, 0xa3]) || // Matroska / WebM (EBML)
    (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'AVI ')) ||
    ascii(bytes, 0, 'FLV') ||
    ascii(bytes, 0, 'OggS') ||
    starts(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11]) || // ASF / WMV
    starts(bytes, [0x00, 0x00, 0x01, 0xba]) || // MPEG program stream
    starts(bytes, [0x00, 0x00, 0x01, 0xb3]) || // MPEG-1/2 elementary video
    isTransportStream(bytes)
  );
}
