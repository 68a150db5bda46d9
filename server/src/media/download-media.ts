import fs from 'node:fs';
import path from 'node:path';
import { ffmpegPath, fileInput, ffprobePath, runTool, type RunOptions } from './ffmpeg';

// A file's downloads (decision D67): the top rung of its HLS ladder remuxed into one MP4 (moov before
// mdat, so a browser or an LMS plays it while it downloads) and its audio alone as an M4A. Both are
// remuxed from the rung's segments, never encoded again: the bytes are the rung's own, and a 10 s
// 720p clip takes tens of milliseconds instead of an encode's seconds (D67 has the measurements).

/** The downloads' names below a file's rendition folder (`files/<id>-<token>/downloads/…`). */
export const DOWNLOAD_NAMES = { video: 'downloads/video.mp4', audio: 'downloads/audio.m4a' } as const;

export type DownloadKind = keyof typeof DOWNLOAD_NAMES;

/** The file names a download is served as, after the file's slug. */
export const DOWNLOAD_EXTENSIONS: Record<DownloadKind, string> = { video: 'mp4', audio: 'm4a' };

/** The path of a download below the player's domain (config player.domain): `<slug>/download.mp4`. */
export const downloadPath = (slug: string, kind: DownloadKind): string =>
  `${encodeURIComponent(slug)}/download.${DOWNLOAD_EXTENSIONS[kind]}`;

/** Whether a media key is a download (served only by the player's download route, which checks the setting). */
export const isDownloadKey = (key: string): boolean => key.endsWith(`/${DOWNLOAD_NAMES.video}`) || key.endsWith(`/${DOWNLOAD_NAMES.audio}`);

/** The bytes of the downloads made; `audio` null for a video without sound. */
export interface MadeDownloads {
  video: number;
  audio: number | null;
}

/** The top rung's playlist within a rendition folder (transcodeHls writes the highest rung as `v0`). */
export const TOP_RUNG_PLAYLIST = 'v0/index.m3u8';

/** Whether a local media file has an audio stream (the M4A is made only then). */
async function hasAudioStream(file: string, run: RunOptions): Promise<boolean> {
  const out = await runTool(
    ffprobePath(),
    ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=index', '-of', 'csv=p=0', fileInput(file)],
    run,
  );
  return out.trim().length > 0;
}

/**
 * Remuxes a local HLS rung (`playlist`, with its segments beside it, our own output) into
 * `outDir`/downloads/video.mp4 and, when it has sound, downloads/audio.m4a. Only the file protocol
 * and the HLS and MPEG-TS demuxers may be used: the playlist names nothing else.
 */
export async function makeDownloads(playlist: string, outDir: string, run: RunOptions = {}): Promise<MadeDownloads> {
  const video = path.join(outDir, DOWNLOAD_NAMES.video);
  const audio = path.join(outDir, DOWNLOAD_NAMES.audio);
  await fs.promises.mkdir(path.dirname(video), { recursive: true });
  const input = ['-hide_banner', '-nostdin', '-y', '-protocol_whitelist', 'file', '-f', 'hls', '-i', fileInput(playlist)];
  await runTool(ffmpegPath(), [...input, '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', video], run);
  let audioBytes: number | null = null;
  if (await hasAudioStream(video, run)) {
    await runTool(ffmpegPath(), [...input, '-map', '0:a:0', '-vn', '-c', 'copy', '-movflags', '+faststart', audio], run);
    audioBytes = (await fs.promises.stat(audio)).size;
  }
  return { video: (await fs.promises.stat(video)).size, audio: audioBytes };
}
