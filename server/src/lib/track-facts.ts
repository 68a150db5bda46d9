import { createHash } from 'node:crypto';
import type { SubtitleRow } from '../db/subtitles-repository';
import type { SubtitleStore } from './subtitle-store';

/** What the activity log says about a track: its id, language, format (the file's extension) and the SHA-256 of its original bytes. */
export async function trackFacts(
  store: SubtitleStore,
  row: SubtitleRow,
  bytes?: Buffer,
): Promise<{ sub_id: number; sub_lang: string; format: string; sha256: string | null }> {
  const content = bytes ?? (await store.get(row.storage_name).catch(() => null));
  return {
    sub_id: row.sub_id,
    sub_lang: row.sub_lang,
    format: /\.([^.]+)$/.exec(row.sub_name)?.[1]?.toLowerCase() ?? '',
    sha256: content ? createHash('sha256').update(content).digest('hex') : null,
  };
}
