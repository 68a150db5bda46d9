import { ffmpegPath, fileInput, runTool, type RunOptions } from '../media/ffmpeg';

/** The image kinds an operator may upload as a poster, by their first bytes, and the demuxer each is read with. */
export type PosterImageKind = 'jpeg' | 'png' | 'webp';
const DEMUXER: Record<PosterImageKind, string> = { jpeg: 'jpeg_pipe', png: 'png_pipe', webp: 'webp_pipe' };

/** VP_POSTER_MAX_BYTES's default: an uploaded poster image of at most 8 MiB. */
export const DEFAULT_POSTER_MAX_BYTES = 8 * 1024 ** 2;

/** Bytes enough to tell the kinds apart (WebP's `RIFF….WEBP`). */
export const IMAGE_SNIFF_BYTES = 12;

/**
 * The kind of an image by its first bytes, whatever its name or Content-Type says; null for anything
 * else (a video, a script, an SVG, a GIF): the upload is refused before any decoder sees it.
 */
export function imageKindOf(head: Buffer): PosterImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * The poster's format and size, as the pipeline's automatic thumbnail: a JPEG at most 1280 × 720
 * (the aspect kept, never enlarged), without the source's metadata (EXIF, GPS, ICC comments).
 */
const POSTER_OUTPUT = [
  ...['-frames:v', '1', '-map', '0:v:0', '-map_metadata', '-1', '-an', '-sn', '-dn'],
  ...['-vf', "scale='min(1280,iw)':'min(720,ih)':force_original_aspect_ratio=decrease", '-q:v', '3', '-f', 'mjpeg'],
];

/** Decoding an uploaded image: at most this many pixels (an image that says 60000 × 60000 is refused, not decoded). */
export const POSTER_MAX_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded image (of `kind`, checked by imageKindOf) into the poster's JPEG. ffmpeg reads
 * it only as that kind (no other demuxer, no protocol but the file), so a file that only begins like
 * an image fails here instead of being read as something else.
 */
export async function encodePosterImage(input: string, kind: PosterImageKind, outFile: string, run: RunOptions = {}): Promise<void> {
  await runTool(
    ffmpegPath(),
    [
      ...['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-format_whitelist', DEMUXER[kind], '-f', DEMUXER[kind]],
      ...['-max_pixels', String(POSTER_MAX_PIXELS), '-i', fileInput(input), ...POSTER_OUTPUT, outFile],
    ],
    run,
  );
}

/**
 * The frame `offset` seconds into one HLS segment (MPEG-TS), as the poster's JPEG. The segment's video
 * is first copied (not decoded) into MP4, whose index lets `-ss` before `-i` seek exactly: to the
 * keyframe before `offset` (every 2 s), decoding only from there. (Seeking in MPEG-TS itself lands on
 * the next keyframe instead, another frame, or past the last one none at all.)
 */
export async function encodePosterFrame(segment: string, offset: number, outFile: string, run: RunOptions = {}): Promise<void> {
  const indexed = `${outFile}.mp4`;
  await runTool(
    ffmpegPath(),
    [
      ...['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-format_whitelist', 'mpegts', '-f', 'mpegts'],
      ...['-i', fileInput(segment), '-map', '0:v:0', '-c', 'copy', '-f', 'mp4', indexed],
    ],
    run,
  );
  await runTool(
    ffmpegPath(),
    [
      ...['-hide_banner', '-nostdin', '-y', '-ss', offset.toFixed(3), '-protocol_whitelist', 'file'],
      ...['-format_whitelist', 'mov', '-f', 'mov', '-i', fileInput(indexed), ...POSTER_OUTPUT, outFile],
    ],
    run,
  );
}
