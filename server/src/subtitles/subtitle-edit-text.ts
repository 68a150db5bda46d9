import type { FastifyInstance } from 'fastify';
import type { SavedVersionKind, SaveOutcome } from '../db/subtitle-versions-repository';
import type { SubtitleRow } from '../db/subtitles-repository';
import { newStorageKey, nullWhenGone } from '../db/subtitle-store';

const utf8 = (bytes: Buffer): string => bytes.toString('utf8');

/**
 * Version 1 of a track's text, its upload, as the cue editor edits it (D38; made in a conversion
 * worker, see edit-text-tasks.ts): a .vtt upload's original decoded, any other format's WebVTT
 * rendition (`rendition`: a store key that holds the one made from the original, else it is made
 * again). Null when there is none: the original is gone, or no encoding reads it.
 */
export async function uploadText(
  app: Pick<FastifyInstance, 'store' | 'renditionMaker'>,
  row: SubtitleRow,
  rendition: string | null,
): Promise<string | null> {
  const original = await app.store.get(row.storage_name).catch(nullWhenGone);
  if (!original) return null;
  const stored = rendition ? await app.store.get(rendition).catch(nullWhenGone) : null;
  return app.renditionMaker.uploadText({
    bytes: original,
    fileName: row.sub_name,
    charset: row.sub_charset ?? undefined,
    language: row.sub_lang,
    rendition: stored ? utf8(stored) : null,
  });
}

/** The text a track is edited as now: the saved version the player serves, else its upload's (D38). */
export async function currentText(
  app: Pick<FastifyInstance, 'store' | 'renditionMaker' | 'subtitleVersions'>,
  row: SubtitleRow,
): Promise<string | null> {
  if (row.rendition_name && (await app.subtitleVersions.isVersion(row.sub_id, row.rendition_name))) {
    const saved = await app.store.get(row.rendition_name).catch(nullWhenGone);
    return saved ? utf8(saved) : null;
  }
  return uploadText(app, row, row.rendition_name);
}

/**
 * Stores a text as the track's new version and the rendition the player serves, as an upload is stored:
 * the new key is journaled before its content exists and stays journaled until a row points at it;
 * the rows change only while the track is live and at `expectedVersion`, within the quota; what they
 * stop pointing at is journaled in that transaction and deleted after it. So a crash, a racing save
 * or a delete of the track leaves no stored object without a row. `by`: the account that saves, and its
 * name as the version's actor.
 */
export async function saveVersion(
  app: FastifyInstance,
  by: { accountId: number; actor: string },
  row: SubtitleRow,
  expectedVersion: number,
  text: string,
  kind: SavedVersionKind,
): Promise<SaveOutcome> {
  const content = Buffer.from(text, 'utf8');
  const key = newStorageKey();
  await app.storageJournal.begin([key], app.clock());
  let outcome: SaveOutcome = { kind: 'gone' };
  try {
    await app.store.put(key, content);
    outcome = await app.subtitleVersions.save(
      by.accountId,
      row.sub_id,
      expectedVersion,
      { storage_name: key, size: content.byteLength, kind, created_at: app.clock(), actor: by.actor },
      app.settings.accountQuotaBytes,
      (keys, tx) => app.storageJournal.begin(keys, app.clock(), tx),
    );
  } finally {
    await app.storageJournal.end([key], outcome.kind === 'saved' ? [] : [key]);
  }
  if (outcome.kind === 'saved' && outcome.freed.length) await app.storageJournal.end(outcome.freed, outcome.freed);
  return outcome;
}
