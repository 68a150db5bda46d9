import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/engine';
import type { FileRow } from '../db/files';
import { mediaEntry } from '../db/storage-journal';
import { trackFacts } from '../subtitles/track-facts';
import { mediaOfPurgedFile } from '../media/file-media';
import { fileJobStart, PROCESS_FILE, type ProcessFilePayload } from '../db/job-kinds';

const DAY_MS = 86_400_000;
const PURGE_EVERY_MS = 60 * 60_000;
const BATCH = 100;

/**
 * The trash's purge: `app.purgeFile` and `app.purgeSubtitle` delete one trashed file or track for
 * good (`DELETE …?permanent=1`),
 * `app.purgeExpiredTrash` every file and track whose retention (`trashDays`; 0 keeps them for ever)
 * ended, at start and then hourly: each purge is an entry of the file's activity log (actor and source
 * `retention`), and each batch a log line with its counts. Safe on many nodes: each row is purged in its own transaction
 * that skips a row another node holds (SKIP LOCKED), and stored contents go through the storage
 * journal only after their rows are gone. A file's media (its own rendition folder, images, and the
 * upload its job still waited on) goes with it; shared media (the demo's) stays.
 */
async function trash(app: FastifyInstance): Promise<void> {
  /**
   * In the purge's transaction: the file's job goes, its media is journaled (so it goes even if this
   * process dies now), its account's video storage no longer counts it, and its view stats go.
   */
  const journalMedia = async (row: FileRow, tx: Queryable): Promise<string[]> => {
    await app.videoStorage.releaseFile(tx, row.file_id);
    await app.viewStats.removeFile(tx, row.file_id);
    const jobs = (await app.jobs.remove(tx, PROCESS_FILE, fileJobStart(row.file_id))) as ProcessFilePayload[];
    const sources = jobs.flatMap(({ source }) => ('media_key' in source ? [source.media_key] : []));
    const entries = mediaOfPurgedFile(row, sources).map(mediaEntry);
    await app.storageJournal.begin(entries, app.clock(), tx);
    return entries;
  };

  const purgeFile = async (accountId: number, fileId: number): Promise<boolean> => {
    const listed = await app.subtitles.storedKeysOfFile(fileId);
    await app.storageJournal.begin(listed, app.clock());
    let media: string[] = [];
    const storedNames = await app.files.purge(accountId, fileId, app.clock(), async (row, tx) => {
      media = await journalMedia(row, tx);
    });
    const lateUploads = (storedNames ?? []).filter((name) => !listed.includes(name));
    await app.storageJournal.begin(lateUploads, app.clock());
    await app.storageJournal.end([...listed, ...lateUploads], storedNames ?? []);
    if (storedNames !== null) await app.storageJournal.end(media, media);
    return storedNames !== null;
  };

  const purgeSubtitle = async (accountId: number, subId: number): Promise<boolean> => {
    // The keys are journaled in the transaction that deletes the row; the content goes only after it.
    const storedNames = await app.subtitles.purge(accountId, subId, (keys, tx) => app.storageJournal.begin(keys, app.clock(), tx));
    if (storedNames === null) return false;
    await app.storageJournal.end(storedNames, storedNames);
    return true;
  };

  const purgeExpiredTrash = async (): Promise<number> => {
    const days = app.settings.trashDays;
    if (days === 0) return 0;
    const cutoff = app.clock() - days * DAY_MS;
    // The file's log says the retention purged it (actor and source `retention`, never a request's).
    const logPurge = (accountId: number, fileId: number, action: 'purge' | 'subtitle_purge', detail: Record<string, unknown> = {}) =>
      app.activity.append({
        fileId,
        accountId,
        at: app.clock(),
        actor: 'retention',
        source: 'retention',
        action,
        detail: { ...detail, trash_days: days },
      });
    let purged = 0;
    for (let files = await app.files.expired(cutoff, BATCH); files.length; files = await app.files.expired(cutoff, BATCH)) {
      let progress = 0;
      for (const { accountId, fileId } of files) {
        const trashed = await app.files.getTrashed(accountId, fileId);
        if (!trashed || !(await purgeFile(accountId, fileId))) continue;
        await logPurge(accountId, fileId, 'purge', { file_title: trashed.file_title, file_slug: trashed.file_slug });
        progress++;
      }
      app.log.info({ kind: 'files', purged: progress, batch: files.length, trashDays: days }, 'trash retention: purged a batch');
      purged += progress;
      if (!progress) break; // every row of the batch is another node's now
    }
    for (let subs = await app.subtitles.expired(cutoff, BATCH); subs.length; subs = await app.subtitles.expired(cutoff, BATCH)) {
      let progress = 0;
      for (const sub of subs) {
        const facts = await trackFacts(app.store, sub);
        if (!(await purgeSubtitle(sub.account_id, sub.sub_id))) continue;
        await logPurge(sub.account_id, sub.file_id, 'subtitle_purge', facts);
        progress++;
      }
      app.log.info({ kind: 'subtitles', purged: progress, batch: subs.length, trashDays: days }, 'trash retention: purged a batch');
      purged += progress;
      if (!progress) break;
    }
    return purged;
  };

  app.decorate('purgeFile', purgeFile);
  app.decorate('purgeSubtitle', purgeSubtitle);
  app.decorate('purgeExpiredTrash', purgeExpiredTrash);

  const run = () => {
    purgeExpiredTrash().catch((err: unknown) => app.log.warn({ err }, 'purging the trash failed'));
  };
  const timer = setInterval(run, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(trash, { name: 'trash', dependencies: ['database', 'pipeline', 'crash-clean-storage', 'activity', 'view-analytics'] });
