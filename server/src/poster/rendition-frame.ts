import path from 'node:path';
import { isMediaKey, type MediaStore } from '../media/media-store';
import type { RunOptions } from '../media/ffmpeg';
import { encodePosterFrame } from './poster-image';

/** A playlist larger than this is not one the pipeline wrote (a 10 h video's has ~9,000 lines of ~30 bytes). */
const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

/** Why a frame cannot be taken from a file's rendition (the route answers 409 with it). */
export class NoFrameError extends Error {}

async function readPlaylist(media: MediaStore, key: string): Promise<string> {
  const size = await media.size(key);
  if (size === null) throw new NoFrameError('The video’s rendition is missing');
  if (size > MAX_PLAYLIST_BYTES) throw new NoFrameError('The video’s playlist is too large to read');
  const chunks: Buffer[] = [];
  for await (const chunk of await media.getStream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A URI of a playlist as a media key beside it; null for an absolute URL or a path that leaves the folder. */
function keyBeside(playlistKey: string, uri: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) return null;
  const key = path.posix.normalize(path.posix.join(path.posix.dirname(playlistKey), uri));
  return isMediaKey(key) ? key : null;
}

/** The variant playlist of the top rung: the master's tallest RESOLUTION (else the first); a media playlist is its own. */
export function topVariant(master: string): string | null {
  const lines = master.split(/\r?\n/).map((line) => line.trim());
  if (!lines.some((line) => line.startsWith('#EXT-X-STREAM-INF'))) return null;
  let best: { uri: string; height: number } | null = null;
  for (const [i, line] of lines.entries()) {
    if (!line.startsWith('#EXT-X-STREAM-INF')) continue;
    const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
    if (!uri) continue;
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1] ?? 0);
    if (!best || height > best.height) best = { uri, height };
  }
  return best?.uri ?? null;
}

/** The segment of a media playlist that holds `time`, and where in it `time` is. */
export function segmentAt(playlist: string, time: number): { uri: string; offset: number } | null {
  let start = 0;
  let duration: number | null = null;
  let last: { uri: string; offset: number } | null = null;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) duration = Number(extinf[1]);
    else if (line && !line.startsWith('#') && duration !== null) {
      if (time < start + duration) return { uri: line, offset: Math.max(0, time - start) };
      last = { uri: line, offset: Math.max(0, duration - 0.05) };
      start += duration;
      duration = null;
    }
  }
  return last; // a time at the very end (the playlist's durations round down): the last segment's last frame
}

/**
 * The frame at `time` of a file's top rendition, as the poster's JPEG in `outFile`: only the one
 * segment that holds it is fetched from the store (a folder or a bucket alike) and ffmpeg seeks in it,
 * so the cost does not grow with the video's length.
 */
export async function frameOfRendition(
  media: MediaStore,
  renditionKey: string,
  time: number,
  workDir: string,
  outFile: string,
  run: RunOptions = {},
): Promise<void> {
  const master = await readPlaylist(media, renditionKey);
  const variantUri = topVariant(master);
  const variantKey = variantUri === null ? renditionKey : keyBeside(renditionKey, variantUri);
  if (!variantKey) throw new NoFrameError('The video’s rendition names a playlist elsewhere');
  const playlist = variantKey === renditionKey ? master : await readPlaylist(media, variantKey);
  const segment = segmentAt(playlist, time);
  const segmentKey = segment && keyBeside(variantKey, segment.uri);
  if (!segment || !segmentKey) throw new NoFrameError('The video’s rendition has no segment at that time');
  const local = path.join(workDir, 'segment.ts');
  await media.getFile(segmentKey, local);
  await encodePosterFrame(local, segment.offset, outFile, run);
}
