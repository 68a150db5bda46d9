import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FolderMediaStore } from '../media/media-store';
import { createWorker, type WorkerSettings } from '../pipeline/create-worker';
import { FileStatusWriter } from '../pipeline/file-status';
import { JobQueue } from '../pipeline/job-queue';

export interface PipelinePluginOptions {
  /** Run a worker inside this server (false: API only; workers run elsewhere). */
  worker: WorkerSettings | false;
}

/**
 * The media store (`app.media`), the jobs queue (`app.jobs`), the pipeline's status writer
 * (`app.fileStatus`) and, unless disabled, one worker in this process (`app.worker`), started when
 * the server is ready and stopped (its job left to the lease) when it closes.
 */
async function pipeline(app: FastifyInstance, options: PipelinePluginOptions): Promise<void> {
  app.decorate('media', new FolderMediaStore(app.settings.mediaDir));
  app.decorate('jobs', new JobQueue(app.db));
  app.decorate('fileStatus', new FileStatusWriter(app.db, app.clock));
  const urlPolicy = {
    allowHosts: app.settings.ingestAllowHosts,
    maxBytes: app.settings.maxVideoBytes,
    timeoutMs: app.settings.downloadTimeoutMs,
  };
  const worker = options.worker
    ? createWorker(
        {
          jobs: app.jobs,
          media: app.media,
          fileStatus: app.fileStatus,
          urlPolicy,
          videoStorage: app.videoStorage,
          videoQuotaBytes: app.settings.accountVideoQuotaBytes,
          onError: (err) => app.log.error({ err }, 'pipeline worker'),
        },
        options.worker,
      )
    : null;
  app.decorate('worker', worker);
  if (worker) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  }
}

export default fp(pipeline, { name: 'pipeline', dependencies: ['database'] });
