import type { FastifyInstance } from 'fastify';
import type { SubtitleRow } from '../db/subtitles-repository';
import { newStorageKey } from '../db/subtitle-store';

/**
 * Stores a track's new player rendition and points the row at it, atomically against other changes:
 * the new key is journaled before its content exists and stays journaled until a row points at it;
 * the row changes only if it still points at the rendition this request replaces (else 'changed', or
 * 'gone' when the track was deleted meanwhile, and the new content is removed); the replaced key is
 * journaled in the same transaction (unless a saved version keeps it) and its content deleted once no row points at it. So whatever
 * runs concurrently (another encoding change, a delete, a crash) no stored object is left without a row.
 */
export async function replaceRendition(
  app: Pick<FastifyInstance, 'store' | 'storageJournal' | 'clock' | 'subtitles'>,
  accountId: number,
  row: SubtitleRow,
  made: { content: Uint8Array; charset: string },
  lang: string | undefined,
  /** With If-Match: only while the row is still at this version. */
  expectedVersion?: number,
): Promise<SubtitleRow | 'changed' | 'gone'> {
  const key = newStorageKey();
  await app.storageJournal.begin([key], app.clock());
  let outcome: SubtitleRow | 'changed' | 'gone' = 'gone';
  // What the change journaled as replaced: not a saved version's text, which stays (D38).
  let freed: readonly string[] = [];
  try {
    await app.store.put(key, made.content);
    outcome = await app.subtitles.replaceRendition(
      accountId,
      row.sub_id,
      row.rendition_name,
      { sub_charset: made.charset, rendition_name: key, rendition_size: made.content.byteLength },
      lang,
      (replaced, tx) => {
        freed = replaced;
        return app.storageJournal.begin(replaced, app.clock(), tx);
      },
      expectedVersion,
    );
  } finally {
    // Kept only when the row points at it; on 'changed', 'gone' or an error it goes.
    await app.storageJournal.end([key], typeof outcome === 'object' ? [] : [key]);
  }
  if (typeof outcome === 'object' && freed.length) await app.storageJournal.end(freed, freed);
  return outcome;
}
