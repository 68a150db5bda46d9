import { SPRITE, spriteTile } from '../media/renditions';

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
  const tile = spriteTile(width, height);
  const count = SPRITE.columns * SPRITE.rows;
  const cues: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = (i % SPRITE.columns) * tile.width;
    const y = Math.floor(i / SPRITE.columns) * tile.height;
    cues.push(
      `${timestamp((i * duration) / count)} --> ${timestamp(((i + 1) * duration) / count)}\n${spriteUrl}#xywh=${x},${y},${tile.width},${tile.height}`,
    );
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
