import type { FastifyInstance } from 'fastify';
import type { SubtitleRow } from '../db/subtitles-repository';
import { newStorageKey } from '../db/subtitle-store';

export type AddChaptersOutcome =
  | { kind: 'added'; row: SubtitleRow }
  | { kind: 'quota'; usedBytes: number }
  | { kind: 'file_gone' }
  /** Another request gave the file its chapters track first. */
  | { kind: 'taken' };

/**
 * A file's first chapters track (D66), stored as a subtitle upload is (routes/upload.ts): the text as
 * sent is its original, its WebVTT the rendition the player serves. Journal first, content second, row
 * third, so a crash or a lost race leaves no stored object without a row; the quota is checked with
 * the insert.
 */
export async function addChaptersTrack(
  app: FastifyInstance,
  accountId: number,
  fileId: number,
  sent: { bytes: Buffer; name: string },
  vtt: string,
): Promise<AddChaptersOutcome> {
  const rendition = Buffer.from(vtt, 'utf8');
  const storageName = newStorageKey();
  const renditionName = newStorageKey();
  const keys = [storageName, renditionName];
  await app.storageJournal.begin(keys, app.clock());
  let kept = false;
  try {
    await app.store.put(storageName, sent.bytes);
    await app.store.put(renditionName, rendition);
    const stored = await app.subtitles.insertChapters(
      {
        file_id: fileId,
        account_id: accountId,
        // Chapters name parts of the video, in no one language of its own.
        sub_lang: 'und',
        sub_size: sent.bytes.byteLength,
        sub_name: sent.name,
        storage_name: storageName,
        created_at: app.clock(),
        sub_charset: 'utf-8',
        rendition_name: renditionName,
        rendition_size: rendition.byteLength,
      },
      app.settings.accountQuotaBytes,
    );
    if ('fileGone' in stored) return { kind: 'file_gone' };
    if ('chaptersTaken' in stored) return { kind: 'taken' };
    if ('quotaExceeded' in stored) return { kind: 'quota', usedBytes: stored.quotaExceeded.usedBytes };
    kept = true;
    return { kind: 'added', row: stored.row };
  } finally {
    await app.storageJournal.end(keys, kept ? [] : keys);
  }
}
