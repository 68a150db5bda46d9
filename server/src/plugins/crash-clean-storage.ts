import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processIsAlive, STALE_ENTRY_MS, StorageJournal } from '../db/storage-journal';
import { ownerIsAlive } from '../lib/temp-owner';
import { OWN_FOLDER, type TempFiles } from '../lib/subtitle-store';

/** Temp files of servers before the per-process folders: the process id is in the name. */
const LEGACY_TEMP_NAME = /^upload-(\d+)-/;
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Deletes the temporary upload files no running upload can own: every folder of a process that is gone
 * (its lock answers no more), files of older servers whose process is gone, and anything else older
 * than an hour. Returns how many files it deleted.
 */
export async function sweepTempFiles(temps: Pick<TempFiles, 'tmpDir' | 'ownFolder'>, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const name of await fs.promises.readdir(temps.tmpDir).catch(() => [] as string[])) {
    const entry = path.join(temps.tmpDir, name);
    const owner = OWN_FOLDER.exec(name)?.[1];
    if (owner) {
      if (name === temps.ownFolder || (await ownerIsAlive(temps.tmpDir, owner))) continue;
      deleted += (await fs.promises.readdir(entry).catch(() => [])).length;
      await fs.promises.rm(entry, { recursive: true, force: true });
      continue;
    }
    const pid = Number(LEGACY_TEMP_NAME.exec(name)?.[1] ?? 0);
    const stat = await fs.promises.stat(entry).catch(() => null);
    const orphaned = pid && pid !== process.pid && !processIsAlive(pid);
    if (orphaned || (stat && stat.mtimeMs <= now - STALE_ENTRY_MS)) {
      await fs.promises.rm(entry, { recursive: true, force: true });
      deleted++;
    }
  }
  return deleted;
}

/**
 * Decorates `app.storageJournal` and cleans what a killed process left behind: at start, before the
 * first request, and again every few minutes (entries and temp files of other nodes once stale).
 */
async function crashCleanStorage(app: FastifyInstance): Promise<void> {
  const journal = new StorageJournal(app.db, app.store, app.media, app.videoStorage);
  app.decorate('storageJournal', journal);

  const sweep = async () => {
    const contents = await journal.recover(app.clock());
    const temps = await sweepTempFiles(app.store);
    if (contents || temps) app.log.warn({ contents, temps }, 'removed what an interrupted upload or removal left behind');
  };
  await sweep();
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => app.log.warn({ err }, 'storage sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(crashCleanStorage, { name: 'crash-clean-storage', dependencies: ['storage', 'pipeline'] });
