import { newStorageKey } from '../db/subtitle-store';
import type { FastifyBaseLogger } from 'fastify';
import { detectEncoding } from '../../../src/subtitle-text';
import type { StorageJournal } from '../db/storage-journal';
import type { SubtitlesRepository } from '../db/subtitles-repository';
import type { Clock } from '../lib/clock';
import type { RenditionPool } from './rendition-pool';
import type { SubtitleStore } from '../db/subtitle-store';

const BATCH = 100;

/**
 * The data migration of renditions: builds the player's WebVTT copy of every track stored before
 * renditions existed (or seeded without one), from its original bytes, in batches. Run at start,
 * before the server listens; a track done is never read again (its `sub_charset` is set), and when
 * several nodes start together each track is recorded once. A track no
 * player could show keeps no rendition (the player leaves it out) but gets the detected encoding, so
 * an operator can pick another in Edit Subtitle; a missing original is logged and skipped the same way.
 * Each rendition is journaled like an upload's, so a crash between storing it and recording it leaves
 * nothing behind.
 */
export async function buildMissingRenditions(
  subtitles: SubtitlesRepository,
  store: SubtitleStore,
  journal: StorageJournal,
  clock: Clock,
  log: FastifyBaseLogger,
  pool: RenditionPool,
): Promise<number> {
  let built = 0;
  for (;;) {
    const rows = await subtitles.listWithoutRendition(BATCH);
    if (rows.length === 0) return built;
    for (const row of rows) {
      const bytes = await store.get(row.storage_name).catch((err: unknown) => {
        log.warn({ err, sub_id: row.sub_id }, 'the original of a subtitle is missing; no rendition built');
        return null;
      });
      const rendition = bytes ? await pool.make(bytes, row.sub_name, undefined, row.sub_lang) : null;
      if (rendition?.ok) {
        const key = newStorageKey();
        await journal.begin([key], clock());
        await store.put(key, rendition.content);
        const recorded = await subtitles.setFirstRendition(row.sub_id, rendition.charset, key, rendition.content.byteLength);
        if (recorded) built++;
        await journal.end([key], recorded ? [] : [key]); // not recorded: another node built it first
      } else {
        if (rendition) log.warn({ sub_id: row.sub_id, reason: rendition.reason }, 'a stored subtitle cannot be played; no rendition built');
        await subtitles.setFirstRendition(row.sub_id, bytes ? detectEncoding(bytes, row.sub_lang).encoding : 'utf-8', null, null);
      }
    }
  }
}

/**
 * The data migration of rendition sizes: renditions stored before their size was recorded are read
 * once and measured, so the quota counts them. A rendition that cannot be read is logged and counted
 * as 0 bytes (it is then recorded as such and not read again).
 */
export async function measureRenditions(subtitles: SubtitlesRepository, store: SubtitleStore, log: FastifyBaseLogger): Promise<number> {
  let measured = 0;
  for (;;) {
    const rows = await subtitles.listUnmeasuredRenditions(BATCH);
    if (rows.length === 0) return measured;
    for (const row of rows) {
      const size = await store.get(row.rendition_name!).then(
        (bytes) => bytes.byteLength,
        (err: unknown) => {
          log.warn({ err, sub_id: row.sub_id }, 'the player rendition of a subtitle is missing; counted as 0 bytes');
          return 0;
        },
      );
      await subtitles.setRenditionSize(row.sub_id, row.rendition_name!, size);
      measured++;
    }
  }
}
