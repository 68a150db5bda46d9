import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { processIsAlive, STALE_ENTRY_MS, StorageJournal } from '../db/storage-journal';

const TEMP_NAME = /^upload-(\d+)-/;
const SWEEP_EVERY_MS = 5 * 60_000;

/**
 * Deletes the temporary upload files that no running upload can own: those of processes that are
 * gone (the process id is in the name), and any older than an hour. Returns how many it deleted.
 */
export async function sweepTempFiles(tmpDir: string, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (const name of await fs.promises.readdir(tmpDir).catch(() => [] as string[])) {
    const file = path.join(tmpDir, name);
    const pid = Number(TEMP_NAME.exec(name)?.[1] ?? 0);
    const stat = await fs.promises.stat(file).catch(() => null);
    const orphaned = pid !== process.pid && (!pid || !processIsAlive(pid));
    if (orphaned || (stat && stat.mtimeMs <= now - STALE_ENTRY_MS)) {
      await fs.promises.rm(file, { force: true });
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
  const journal = new StorageJournal(app.db, app.store);
  app.decorate('storageJournal', journal);

  const sweep = async () => {
    const contents = await journal.recover(app.clock());
    const temps = await sweepTempFiles(app.store.tmpDir);
    if (contents || temps) app.log.warn({ contents, temps }, 'removed what an interrupted upload or removal left behind');
  };
  await sweep();
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => app.log.warn({ err }, 'storage sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(crashCleanStorage, { name: 'crash-clean-storage', dependencies: ['storage'] });
