import { storyboardTiles } from '../../../src/contract/storyboard';

const timestamp = (seconds: number): string => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
};

/**
 * The storyboard sprite as a WebVTT thumbnails track (`#xywh=` fragments, one cue per tile, in
 * reading order): media-chrome shows the tile of the time under the pointer on the time range.
 */
export function storyboardVtt(spriteUrl: string, duration: number, width: number, height: number): string {
  const tiles = storyboardTiles(duration, width, height);
  const cues = tiles.map(
    ({ time, x, y, width: w, height: h }, i) =>
      `${timestamp(time)} --> ${timestamp(tiles[i + 1]?.time ?? duration)}\n${spriteUrl}#xywh=${x},${y},${w},${h}`,
  );
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
