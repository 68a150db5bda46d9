import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ActivityRepository } from '../db/activity-repository';
import { JobsRepository } from '../db/jobs-repository';
import { PipelineWorkersRepository } from '../db/pipeline-workers-repository';
import { WorkerTokensRepository } from '../db/worker-tokens-repository';
import { openMediaStore } from '../media/open-media-store';
import { createWorker, type WorkerSettings } from '../pipeline/create-worker';
import { downloadsChangedOf } from '../pipeline/file-downloads';
import { FileStatusWriter } from '../pipeline/file-status';
import { PipelineCredentials } from '../pipeline/worker-tokens';

export interface PipelinePluginOptions {
  /** Run a worker inside this server (false: API only; workers run elsewhere). */
  worker: WorkerSettings | false;
}

/**
 * The media store (`app.media`), the jobs queue (`app.jobs`), the pipeline's status writer
 * (`app.fileStatus`), its workers' records (`app.pipelineWorkers`), the worker tokens (`app.workerTokens`)
 * and the pipeline API's credentials (`app.pipelineCredentials`: VP_PIPELINE_TOKEN and those tokens) and, unless disabled, one worker in this process (`app.worker`), started when
 * the server is ready and stopped (its job left to the lease) when it closes.
 */
async function pipeline(app: FastifyInstance, options: PipelinePluginOptions): Promise<void> {
  app.decorate('media', openMediaStore(app.settings));
  app.decorate('jobs', new JobsRepository(app.db));
  app.decorate('fileStatus', new FileStatusWriter({ files: app.files, activity: new ActivityRepository(app.db), clock: app.clock }));
  app.decorate('pipelineWorkers', new PipelineWorkersRepository(app.db));
  app.decorate('workerTokens', new WorkerTokensRepository(app.db));
  app.decorate('pipelineCredentials', new PipelineCredentials(app.settings.pipelineToken, app.workerTokens, app.clock));
  const urlPolicy = {
    allowHosts: app.settings.ingestAllowHosts,
    maxBytes: app.settings.maxVideoBytes,
    timeoutMs: app.settings.downloadTimeoutMs,
  };
  app.decorate('jobHostParts', {
    db: app.db,
    media: app.media,
    status: app.fileStatus,
    urlPolicy,
    videoStorage: app.videoStorage,
    videoQuotaBytes: app.settings.accountVideoQuotaBytes,
    files: app.files,
    downloadsChanged: downloadsChangedOf(app.db, app.jobs, app.videoStorage),
  });
  const worker = options.worker
    ? createWorker(
        {
          db: app.db,
          jobs: app.jobs,
          workers: app.pipelineWorkers,
          media: app.media,
          fileStatus: app.fileStatus,
          urlPolicy,
          videoStorage: app.videoStorage,
          videoQuotaBytes: app.settings.accountVideoQuotaBytes,
          files: app.files,
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
