import type { ChapterJson } from '../../../src/contract/chapters';
import { readChapters } from '../../../src/subtitle-text/chapters';
import { nullWhenGone, type SubtitleStore } from '../db/subtitle-store';
import type { SubtitleRow } from '../db/subtitles-repository';

/** A chapters track's chapters (D66), read from the WebVTT the player serves; null once that text is gone for good. */
export async function storedChapters(store: SubtitleStore, row: SubtitleRow): Promise<ChapterJson[] | null> {
  const text = row.rendition_name ? await store.get(row.rendition_name).catch(nullWhenGone) : null;
  return text ? readChapters(text.toString('utf8')) : null;
}
