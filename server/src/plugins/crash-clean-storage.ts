import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processIsAlive, STALE_ENTRY_MS, StorageJournal } from '../db/storage-journal';
import { MACHINE_FILE, machineId, ownerIsAlive } from '../lib/temp-owner';
import { OWN_FOLDER, type TempFiles } from '../db/subtitle-store';

/** Temp files of servers before the per-process folders: the process id is in the name. */
const LEGACY_TEMP_NAME = /^upload-(\d+)-/;
/** VP_STORAGE_SWEEP_SECONDS' default; its largest value keeps each owner's heartbeat well within STALE_ENTRY_MS. */
export const DEFAULT_SWEEP_SECONDS = 300;
export const MAX_SWEEP_SECONDS = 600;

/**
 * Whether the process that owned `folder` is gone. On this machine its socket tells at once. A folder
 * of another machine sharing the data folder (its MACHINE_FILE names another) cannot be asked: it is
 * gone once its owner has not touched that file for STALE_ENTRY_MS (it does at every sweep, at most
 * every MAX_SWEEP_SECONDS). A folder without the file (a server before it) is judged as this machine's.
 */
async function ownerIsGone(tmpDir: string, folder: string, owner: string, now: number): Promise<boolean> {
  const marker = path.join(folder, MACHINE_FILE);
  const machine = await fs.promises.readFile(marker, 'utf8').catch(() => null);
  if (machine === null || machine === machineId()) return !(await ownerIsAlive(tmpDir, owner));
  const stat = await fs.promises.stat(marker).catch(() => null);
  return stat !== null && stat.mtimeMs <= now - STALE_ENTRY_MS;
}

/**
 * Deletes the temporary upload files no running upload can own: every folder of a process that is gone
 * (see ownerIsGone), files of older servers whose process is gone, and anything else older
 * than an hour. Returns how many files it deleted.
 */
export async function sweepTempFiles(temps: Pick<TempFiles, 'tmpDir' | 'ownFolder'>, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const name of await fs.promises.readdir(temps.tmpDir).catch(() => [] as string[])) {
    const entry = path.join(temps.tmpDir, name);
    const owner = OWN_FOLDER.exec(name)?.[1];
    if (owner) {
      if (name === temps.ownFolder || !(await ownerIsGone(temps.tmpDir, entry, owner, now))) continue;
      deleted += (await fs.promises.readdir(entry).catch(() => [])).filter((file) => file !== MACHINE_FILE).length;
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
 * first request, and again every VP_STORAGE_SWEEP_SECONDS (temp folders of dead processes of this
 * machine at once, whichever node they were; entries and other machines' folders once stale).
 */
async function crashCleanStorage(app: FastifyInstance): Promise<void> {
  const journal = new StorageJournal(app.db, app.store, app.media, app.videoStorage);
  app.decorate('storageJournal', journal);

  const sweep = async () => {
    await app.store.heartbeat();
    const contents = await journal.recover(app.clock());
    const temps = await sweepTempFiles(app.store);
    if (contents || temps) app.log.warn({ contents, temps }, 'removed what an interrupted upload or removal left behind');
  };
  await sweep();
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => app.log.warn({ err }, 'storage sweep failed'));
  }, app.settings.storageSweepSeconds * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(crashCleanStorage, { name: 'crash-clean-storage', dependencies: ['storage', 'pipeline'] });
