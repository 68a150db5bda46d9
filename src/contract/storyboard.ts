/**
 * The storyboard the pipeline makes of every video: 5 × 5 frames spread over it, in one JPEG sprite,
 * each tile 160 pixels wide. The server writes the sprite and its WebVTT thumbnails track; the kit
 * shows its tiles as the poster's candidate frames (no new encode to show them).
 */
export const SPRITE = { columns: 5, rows: 5, tileWidth: 160 } as const;

/** A storyboard tile's size for a video: 160 pixels wide, the height by the video's aspect, even. */
export function spriteTile(width: number, height: number): { width: number; height: number } {
  return { width: SPRITE.tileWidth, height: Math.max(2, Math.round((SPRITE.tileWidth * height) / width / 2) * 2) };
}

/** One tile: the time of its frame (seconds) and where it sits in the sprite (pixels). */
export interface StoryboardTile {
  time: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The sprite's tiles in reading order: tile i is the frame at i × duration / 25 (the storyboard filter's frame rate). */
export function storyboardTiles(duration: number, width: number, height: number): StoryboardTile[] {
  const tile = spriteTile(width, height);
  const count = SPRITE.columns * SPRITE.rows;
  return Array.from({ length: count }, (_, i) => ({
    time: (i * duration) / count,
    x: (i % SPRITE.columns) * tile.width,
    y: Math.floor(i / SPRITE.columns) * tile.height,
    ...tile,
  }));
}
