import path from 'node:path';
import { ffmpegPath, runTool, type Probe, type RunOptions } from './ffmpeg';

/** The HLS ladder's heights, highest first; a source gets the rungs up to its own height. */
const LADDER = [1080, 720, 480, 360] as const;
/** Video bitrate ceilings (kbit/s) per rung; CRF decides below them. */
const MAX_KBITS: Record<number, number> = { 1080: 5000, 720: 2800, 480: 1400, 360: 800 };

/** The rungs of a source: those of LADDER at or below its height, or its own height when it is smaller. */
export function ladderFor(sourceHeight: number): number[] {
  const even = sourceHeight - (sourceHeight % 2);
  const rungs = LADDER.filter((h) => h <= even);
  return rungs.length ? rungs : [Math.max(even, 2)];
}

/** The master playlist's name inside a rendition folder. */
export const MASTER_PLAYLIST = 'master.m3u8';

/**
 * Transcodes to HLS (H.264 main / AAC stereo, 4 s segments aligned across rungs) in `outDir`:
 * `master.m3u8`, and `v<n>/index.m3u8` with its segments per rung. One ffmpeg run decodes once and
 * scales to every rung.
 */
export async function transcodeHls(source: string, info: Probe, outDir: string, options: RunOptions = {}): Promise<void> {
  const rungs = ladderFor(info.height);
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((h, i) => `[s${i}]scale=-2:${h}[v${i}]`);
  const args = ['-hide_banner', '-nostdin', '-y', '-i', source, '-filter_complex', [split, ...scales].join(';')];
  rungs.forEach((h, i) => {
    args.push('-map', `[v${i}]`);
    const kbits = MAX_KBITS[h] ?? 600;
    args.push(`-maxrate:v:${i}`, `${kbits}k`, `-bufsize:v:${i}`, `${kbits * 2}k`);
  });
  if (info.hasAudio) rungs.forEach(() => args.push('-map', '0:a:0'));
  args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'main', '-pix_fmt', 'yuv420p');
  // A keyframe every 2 s (from the clock, whatever the frame rate) so every rung's segments start together.
  args.push('-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0');
  if (info.hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  const streamMap = rungs.map((_, i) => (info.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    '4',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, 'v%v', 'seg%03d.ts'),
    '-master_pl_name',
    MASTER_PLAYLIST,
    '-var_stream_map',
    streamMap,
    '-progress',
    'pipe:1',
    '-nostats',
    path.join(outDir, 'v%v', 'index.m3u8'),
  );
  await runTool(ffmpegPath(), args, options);
}

/** A JPEG frame a third into the video (at most 5 s in), at most 720 pixels high. */
export async function thumbnail(source: string, info: Probe, outFile: string, options: RunOptions = {}): Promise<void> {
  const at = Math.min(5, info.duration / 3).toFixed(2);
  const height = Math.min(720, info.height - (info.height % 2));
  await runTool(
    ffmpegPath(),
    ['-hide_banner', '-nostdin', '-y', '-ss', at, '-i', source, '-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '3', outFile],
    options,
  );
}

/** The storyboard: 5 × 5 frames spread over the video in one JPEG sprite, each 160 pixels wide. */
export const SPRITE = { columns: 5, rows: 5, tileWidth: 160 } as const;

/** A storyboard tile's size for a video: 160 pixels wide, the height by the video's aspect, even. */
export function spriteTile(width: number, height: number): { width: number; height: number } {
  return { width: SPRITE.tileWidth, height: Math.max(2, Math.round((SPRITE.tileWidth * height) / width / 2) * 2) };
}

export async function storyboard(source: string, info: Probe, outFile: string, options: RunOptions = {}): Promise<void> {
  const frames = SPRITE.columns * SPRITE.rows;
  const fps = (frames / info.duration).toFixed(6);
  const tile = spriteTile(info.width, info.height);
  await runTool(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-i',
      source,
      '-vf',
      `fps=${fps},scale=${tile.width}:${tile.height},tile=${SPRITE.columns}x${SPRITE.rows}`,
      '-frames:v',
      '1',
      '-q:v',
      '4',
      outFile,
    ],
    options,
  );
}

/** A test clip: ffmpeg's test pattern with a 440 Hz tone, H.264/AAC in MP4 (the demo seed and the tests). */
export async function makeTestClip(outFile: string, { seconds = 2, width = 160, height = 90 } = {}): Promise<void> {
  await runTool(ffmpegPath(), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
    outFile,
  ]);
}
