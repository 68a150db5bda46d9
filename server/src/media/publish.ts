import fs from 'node:fs';
import path from 'node:path';
import type { Probe, RunOptions } from './ffmpeg';
import { DOWNLOAD_NAMES, makeDownloads, TOP_RUNG_PLAYLIST } from './download-media';
import type { MediaStore } from './media-store';
import { MASTER_PLAYLIST, thumbnail, transcodeHls } from './renditions';

/** The media keys of a published video, and the bytes they take in the store. */
export interface PublishedMedia {
  rendition: string;
  thumbnail: string;
  storyboard: string;
  bytes: number;
}

/** Every file below `dir`, as `/`-separated paths relative to it. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The files a video's renditions were made as: names relative to `dir` (`/`-separated), and their bytes. */
export interface MadeMedia {
  dir: string;
  names: string[];
  bytes: number;
}

/** The media keys of a published video under its folder. */
export const publishedKeys = (folder: string, bytes: number): PublishedMedia => ({
  rendition: `${folder}${MASTER_PLAYLIST}`,
  thumbnail: `${folder}thumb.jpg`,
  storyboard: `${folder}sprite.jpg`,
  bytes,
});

/**
 * Makes the HLS ladder, the thumbnail and the storyboard of a local video in `workDir`/out, each a file
 * whose name is its key under the video's folder. `onTranscoded` gets the transcode's progress, 0 to 1;
 * no decoded frame may exceed `maxPixels`.
 */
export async function makeRenditions(
  source: string,
  info: Probe,
  workDir: string,
  options: { signal?: AbortSignal | undefined; maxPixels?: number; onTranscoded?: (fraction: number) => void } = {},
): Promise<MadeMedia> {
  const run: RunOptions & { maxPixels?: number } = {
    signal: options.signal,
    ...(options.maxPixels ? { maxPixels: options.maxPixels } : {}),
  };
  const out = path.join(workDir, 'out');
  await transcodeHls(source, info, out, {
    ...run,
    spriteFile: path.join(out, 'sprite.jpg'),
    onProgress: (seconds) => options.onTranscoded?.(seconds / info.duration),
  });
  await thumbnail(source, info, path.join(out, 'thumb.jpg'), run);
  const names = await filesBelow(out);
  let bytes = 0;
  for (const name of names) bytes += (await fs.promises.stat(path.join(out, name))).size;
  return { dir: out, names, bytes };
}

/**
 * Adds a file's downloads (decision D67) to its made media: the top rung remuxed into an MP4 and its
 * sound into an M4A (download-media.ts), named and counted with the rest.
 */
export async function addDownloads(made: MadeMedia, signal?: AbortSignal): Promise<void> {
  const downloads = await makeDownloads(path.join(made.dir, TOP_RUNG_PLAYLIST), made.dir, { signal });
  made.names.push(DOWNLOAD_NAMES.video);
  made.bytes += downloads.video;
  if (downloads.audio === null) return;
  made.names.push(DOWNLOAD_NAMES.audio);
  made.bytes += downloads.audio;
}

/** Puts made media in the store under `folder` (a new folder per video and attempt: its keys never change content). */
export async function storeMade(made: MadeMedia, media: MediaStore, folder: string): Promise<void> {
  for (const name of made.names) await media.putFile(`${folder}${name}`, path.join(made.dir, name));
}

/** Makes a local video's media and stores it under `folder` (the demo video). */
export async function publishVideo(
  source: string,
  info: Probe,
  workDir: string,
  media: MediaStore,
  folder: string,
): Promise<PublishedMedia> {
  const made = await makeRenditions(source, info, workDir);
  await storeMade(made, media, folder);
  return publishedKeys(folder, made.bytes);
}
