import fs from 'node:fs';
import path from 'node:path';
import type { Probe, RunOptions } from './ffmpeg';
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

/**
 * Makes the HLS ladder, the thumbnail and the storyboard of a local video in `workDir`, then puts them
 * in the media store under `folder` (a new folder per video and attempt: its keys never change content).
 * `onTranscoded` gets the transcode's progress, 0 to 1; no decoded frame may exceed `maxPixels`;
 * `beforeStore` runs once the files are made, before the first of them is stored.
 */
export async function publishVideo(
  source: string,
  info: Probe,
  workDir: string,
  media: MediaStore,
  folder: string,
  options: {
    signal?: AbortSignal | undefined;
    maxPixels?: number;
    onTranscoded?: (fraction: number) => void;
    beforeStore?: () => Promise<void>;
  } = {},
): Promise<PublishedMedia> {
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
  await options.beforeStore?.();
  let bytes = 0;
  for (const name of await filesBelow(out)) {
    await media.putFile(`${folder}${name}`, path.join(out, name));
    bytes += (await fs.promises.stat(path.join(out, name))).size;
  }
  return { rendition: `${folder}${MASTER_PLAYLIST}`, thumbnail: `${folder}thumb.jpg`, storyboard: `${folder}sprite.jpg`, bytes };
}
