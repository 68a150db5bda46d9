import fs from 'node:fs';
import path from 'node:path';
import { SPRITE, spriteTile } from '../../../src/contract/storyboard';
import { ffmpegPath, fileInput, inputGuard, runTool, type Probe, type RunOptions } from './ffmpeg';

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

/** A rung's width for the source's aspect, even (H.264 in 4:2:0 needs even sizes). */
const widthAt = (info: Probe, height: number): number => Math.max(2, Math.round((info.width * height) / info.height / 2) * 2);

/** The master playlist of the rungs (written by us: see transcodeHls). */
export function masterPlaylist(info: Probe, rungs: number[]): string {
  const variants = rungs.map(
    (h, i) =>
      `#EXT-X-STREAM-INF:BANDWIDTH=${((MAX_KBITS[h] ?? 600) + (info.hasAudio ? 128 : 0)) * 1000},RESOLUTION=${widthAt(info, h)}x${h}\nv${i}/index.m3u8`,
  );
  return `#EXTM3U\n#EXT-X-VERSION:3\n${variants.join('\n')}\n`;
}

/** The x264 and AAC settings of a rung: CRF under a bitrate ceiling, keyframes every 2 s so every rung's segments start together. */
function rungEncoding(height: number, hasAudio: boolean): string[] {
  const kbits = MAX_KBITS[height] ?? 600;
  return [
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-maxrate', `${kbits}k`, '-bufsize', `${kbits * 2}k`],
    ...['-profile:v', 'main', '-pix_fmt', 'yuv420p', '-force_key_frames', 'expr:gte(t,n_forced*2)', '-sc_threshold', '0'],
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
  ];
}

/**
 * Transcodes to HLS (H.264 main / AAC stereo, 4 s segments) in `outDir`: `v<n>/index.m3u8` with its
 * segments per rung, and `master.m3u8`; with `spriteFile`, the storyboard sprite too. One ffmpeg run:
 * the source is decoded once and split to every rung and the sprite (one process per rung decoded it
 * once per rung). Each rung is an HLS output of its own rather than one `var_stream_map` output: the
 * 4.1 build (ffmpegPath's fallback) crashes when it ends a multi-variant HLS output, so the master playlist is
 * written here. Frames keep their own times (`-vsync vfr`: 4.1 has no `-fps_mode`, its name from 5.1 on;
 * 7.0 still takes `-vsync` with a deprecation warning, so one option serves both builds without asking
 * either its version): the HLS muxer would otherwise ask for a constant rate, and ffmpeg would encode
 * a copy of the last frame for every frame time of a gap, so two frames ten hours apart, in a 4 KB
 * file, cost the encoding of 900,000 frames per rung. Resolves to how far the outputs got, in seconds.
 */
export async function transcodeHls(
  source: string,
  info: Probe,
  outDir: string,
  options: RunOptions & { spriteFile?: string; maxPixels?: number } = {},
): Promise<number> {
  const { spriteFile, maxPixels, ...run } = options;
  const rungs = ladderFor(info.height);
  const branches = rungs.map((_, i) => `[s${i}]`);
  if (spriteFile) branches.push('[s_sprite]');
  const graph = [`[0:v:0]split=${branches.length}${branches.join('')}`];
  for (const [i, height] of rungs.entries()) graph.push(`[s${i}]scale=${widthAt(info, height)}:${height}[v${i}]`);
  if (spriteFile) graph.push(`[s_sprite]${storyboardFilter(info)}[sprite]`);

  const args = ['-hide_banner', '-nostdin', '-y', '-progress', 'pipe:1', '-nostats', '-vsync', 'vfr'];
  args.push(...inputGuard(info.container, maxPixels), '-i', fileInput(source), '-filter_complex', graph.join(';'));
  for (const [i, height] of rungs.entries()) {
    const folder = path.join(outDir, `v${i}`);
    await fs.promises.mkdir(folder, { recursive: true });
    args.push('-map', `[v${i}]`, ...(info.hasAudio ? ['-map', '0:a:0'] : []), ...rungEncoding(height, info.hasAudio));
    args.push('-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_filename', path.join(folder, 'seg%03d.ts'));
    args.push(path.join(folder, 'index.m3u8'));
  }
  if (spriteFile) args.push('-map', '[sprite]', '-frames:v', '1', '-q:v', '4', spriteFile);
  let reached = 0;
  await runTool(ffmpegPath(), args, {
    ...run,
    onProgress: (seconds) => {
      reached = Math.max(reached, seconds);
      run.onProgress?.(seconds);
    },
  });
  await fs.promises.writeFile(path.join(outDir, MASTER_PLAYLIST), masterPlaylist(info, rungs));
  return reached;
}

/** A JPEG frame a third into the video (at most 5 s in), at most 720 pixels high. */
export async function thumbnail(
  source: string,
  info: Probe,
  outFile: string,
  options: RunOptions & { maxPixels?: number } = {},
): Promise<void> {
  const { maxPixels, ...run } = options;
  const at = Math.min(5, info.duration / 3).toFixed(2);
  const height = Math.min(720, info.height - (info.height % 2));
  await runTool(
    ffmpegPath(),
    [
      ...['-hide_banner', '-nostdin', '-y', '-ss', at, ...inputGuard(info.container, maxPixels), '-i', fileInput(source)],
      ...['-frames:v', '1', '-vf', `scale=-2:${height}`, '-q:v', '3', outFile],
    ],
    run,
  );
}

/** The storyboard's filter: 5 × 5 frames spread over the video, tiled into one sprite (see transcodeHls). */
function storyboardFilter(info: Probe): string {
  const fps = ((SPRITE.columns * SPRITE.rows) / info.duration).toFixed(6);
  const tile = spriteTile(info.width, info.height);
  return `fps=${fps},scale=${tile.width}:${tile.height},tile=${SPRITE.columns}x${SPRITE.rows}`;
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
