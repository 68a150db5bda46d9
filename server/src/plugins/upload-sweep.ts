import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FileStore } from '@tus/file-store';
import { countedTusStore, removeTusUpload, TUS_BEGUN } from '../ingest/tus-store';
import { TUS_FOLDER } from '../media/file-media';
import { PROCESS_FILE } from '../db/job-kinds';

const SWEEP_EVERY_MS = 15 * 60_000;

/**
 * `app.tusStore`: tus's store of resumable uploads (ingest/tus-store.ts), one per node; its removal frees
 * the upload's reservation. `app.sweepAbandonedUploads`: removes every resumable upload that began more than `uploadTtlMs` ago
 * (by the server's clock) and that no job holds (a finished one waiting for the pipeline stays), its
 * bytes and its description (and frees what it reserved of its account's video quota). At start
 * and then every 15 minutes, on every node: removing is idempotent, and past its TTL tus refuses to
 * continue an upload, so none is growing while it goes.
 */
async function uploadSweep(app: FastifyInstance): Promise<void> {
  const store = await countedTusStore(app.settings, app.videoStorage);
  app.decorate('tusStore', store);

  const sweepAbandonedUploads = async (): Promise<number> => {
    const cutoff = app.clock() - app.settings.uploadTtlMs;
    let removed = 0;
    // The folder's uploads, each by its description; a bucket's are found by their reservations below
    // (every upload reserves its bytes before tus stores anything).
    const listed = store instanceof FileStore ? ((await store.configstore.list?.().catch(() => [])) ?? []) : [];
    for (const id of listed) {
      const upload = await (store as FileStore).configstore.get(id).catch(() => undefined);
      if (!upload) continue; // removed meanwhile (another node, or its own last request)
      const begun = Number(upload.metadata?.[TUS_BEGUN] ?? Date.parse(upload.creation_date ?? ''));
      const key = `${TUS_FOLDER}/${id}`;
      if (!(begun <= cutoff) || (await app.jobs.mentions(PROCESS_FILE, JSON.stringify(key)))) continue;
      await removeTusUpload(app, key);
      removed++;
    }
    // Reservations whose upload tus never stored (the process died in between) or that went missing.
    for (const key of await app.videoStorage.unclaimed(`${TUS_FOLDER}/`, cutoff)) {
      await removeTusUpload(app, key);
      removed++;
    }
    return removed;
  };
  app.decorate('sweepAbandonedUploads', sweepAbandonedUploads);

  const run = () => {
    sweepAbandonedUploads()
      .then((removed) => removed && app.log.info({ removed }, 'removed resumable uploads left unfinished'))
      .catch((err: unknown) => app.log.warn({ err }, 'sweeping abandoned uploads failed'));
  };
  const timer = setInterval(run, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => run());
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(uploadSweep, { name: 'upload-sweep', dependencies: ['pipeline'] });
