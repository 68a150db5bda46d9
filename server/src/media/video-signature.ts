import fs from 'node:fs';

/**
 * Which video container the first bytes of a file are, named as ffmpeg's demuxer for it: checked when
 * an upload arrives, so that a photo, a document or a text file is refused at once (400) instead of
 * failing in the pipeline, and again by the worker, which then lets ffmpeg read the file with that
 * demuxer only (see inputGuard in ffmpeg.ts). So the check and ffmpeg agree by construction: a
 * playlist or manifest (HLS, DASH, ffconcat) whose first bytes imitate a container is never read as
 * the playlist it is. A container that passes may still hold no video: the probe decides then.
 */
export type VideoContainer = 'mov' | 'matroska' | 'avi' | 'flv' | 'ogg' | 'asf' | 'mpeg' | 'mpegvideo' | 'mpegts';

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

/** The boxes an ISO media file (MP4, MOV, 3GP, M4V) may start with. */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'wide', 'skip', 'pnot']);
/** A box type: four letters, digits or spaces (`qt  `, `iso2`, `M4V `). */
const BOX_TYPE = /^[A-Za-z0-9 ]{4}$/;
/** A brand of `ftyp`: like a box type, or four zero bytes (some cameras pad the list with them). */
const BRAND = /^([A-Za-z0-9 ]{4}|\0{4})$/;

/**
 * ISO base media: real boxes from the first byte, not just a known type at offset 4 (`<!--free` is an
 * XML comment whose first four bytes would be a 1 GB size). Every box that starts within the sniffed
 * bytes needs a type of letters, digits or spaces and a size that fits the file; `ftyp` needs brands.
 */
function isIsoMedia(bytes: Buffer, fileSize: number): boolean {
  if (bytes.length < 8 || !FIRST_BOXES.has(bytes.toString('latin1', 4, 8))) return false;
  for (let at = 0; at + 8 <= bytes.length;) {
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!BOX_TYPE.test(type)) return false;
    let size = bytes.readUInt32BE(at);
    if (size === 0) return at > 0; // the last box, to the end of the file (as the first, no room for a movie)
    let header = 8;
    if (size === 1) {
      // A 64-bit size follows the type.
      if (at + 16 > bytes.length) return false;
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    }
    if (size < header || at + size > fileSize) return false;
    if (type === 'ftyp' && !isFileType(bytes.subarray(at, at + size), size)) return false;
    // A first box that ends past the sniffed bytes hides what follows it: only media data or a movie
    // (whose first child box must be one) may be that large; a file type or padding is small.
    if (at === 0 && size + 8 > bytes.length && type !== 'mdat' && !(type === 'moov' && isBox(bytes, header, size - header))) {
      return false;
    }
    at += size;
  }
  return true;
}

/** Whether a box header of a type and a size of at most `room` is at `at`. */
function isBox(bytes: Buffer, at: number, room: number): boolean {
  if (at + 8 > bytes.length) return false;
  const size = bytes.readUInt32BE(at);
  return BOX_TYPE.test(bytes.toString('latin1', at + 4, at + 8)) && size >= 8 && size <= room;
}

/** `ftyp`: a major brand, a minor version, then whole brands. */
function isFileType(box: Buffer, size: number): boolean {
  if (size < 16 || (size - 16) % 4 !== 0 || !BOX_TYPE.test(box.toString('latin1', 8, 12))) return false;
  for (let at = 16; at + 4 <= box.length; at += 4) if (!BRAND.test(box.toString('latin1', at, at + 4))) return false;
  return true;
}

export const VIDEO_SNIFF_BYTES = 1024;

/** The container of a file by its first bytes (`head`) and its whole size, or null when it is no video container. */
export function videoContainer(head: Buffer, fileSize: number): VideoContainer | null {
  if (isIsoMedia(head, fileSize)) return 'mov';
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska'; // Matroska / WebM (EBML)
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return 'avi';
  if (ascii(head, 0, 'FLV')) return 'flv';
  if (ascii(head, 0, 'OggS')) return 'ogg';
  if (starts(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf'; // ASF / WMV
  if (starts(head, [0x00, 0x00, 0x01, 0xba])) return 'mpeg'; // MPEG program stream
  if (starts(head, [0x00, 0x00, 0x01, 0xb3])) return 'mpegvideo'; // MPEG-1/2 elementary video
  if (isTransportStream(head)) return 'mpegts';
  return null;
}

/** Top-level boxes walked at most by isoFileComplete: a long fragmented MP4 has a few thousand. */
const MAX_BOXES = 100_000;

/**
 * Whether an ISO file's top-level boxes end exactly at its end: a file cut short (an upload or a copy
 * that stopped) ends inside its last box, and ffmpeg would read it without an error as a shorter video
 * than its header says. Reads 16 bytes per box; past MAX_BOXES it does not judge (true).
 */
export async function isoFileComplete(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(16);
    let at = 0;
    for (let boxes = 0; at < fileSize && boxes < MAX_BOXES; boxes++) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 8) return true; // a few bytes of padding after the last box
      let size = header.readUInt32BE(0);
      if (size === 0) return true; // the last box, to the end of the file
      if (size === 1) size = bytesRead < 16 ? 0 : Number(header.readBigUInt64BE(8));
      if (size < 8) return false;
      at += size;
    }
    return at <= fileSize;
  } finally {
    await handle.close();
  }
}

/** The container of a local file (see videoContainer). */
export async function videoContainerOfFile(file: string): Promise<VideoContainer | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(VIDEO_SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return videoContainer(head.subarray(0, bytesRead), size);
  } finally {
    await handle.close();
  }
}
