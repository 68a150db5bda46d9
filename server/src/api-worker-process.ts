import { mediaLimits } from './config';
import { Worker } from './jobs/worker';
import { defaultWorkerName } from './jobs/worker-name';
import { ffmpegVersion } from './media/ffmpeg';
import { HttpFileJobHost } from './pipeline/http-file-job-host';
import { httpJobQueue } from './pipeline/http-job-queue';
import { PipelineApi, WorkerTokenRefusedError } from './pipeline/pipeline-api-client';
import { processFileHandler } from './pipeline/process-file';

/**
 * `npm run server -- worker --api URL --token T`: a pipeline worker that reaches nothing but the API
 * (no DATABASE_URL, no media folder, no store credentials). It claims jobs over HTTP, reads sources and
 * writes outputs through the URLs the API hands it, and reports every step there. Its limits are
 * VP_MAX_VIDEO_* and VP_MAX_JOB_SECONDS of its own environment, its name VP_WORKER_NAME (the file's
 * `file_server`), its lease VP_WORKER_LEASE_SECONDS (how long a killed worker's job waits). A token the API refuses (revoked) ends it with exit status 1 and one line; on
 * SIGINT/SIGTERM it stops after aborting its job, which another worker takes when the lease ends.
 */
export async function runApiWorker(apiUrl: string, token: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const api = new PipelineApi(apiUrl, token);
  const limits = mediaLimits(env);
  const leaseSeconds = Number(env.VP_WORKER_LEASE_SECONDS?.trim() || 60);
  if (!Number.isInteger(leaseSeconds) || leaseSeconds < 3 || leaseSeconds > 3600)
    throw new Error(
      `VP_WORKER_LEASE_SECONDS must be a whole number of seconds from 3 to 3600, got ${JSON.stringify(env.VP_WORKER_LEASE_SECONDS)}`,
    );
  let exitCode = 0;
  let stopping = false;
  const worker: Worker = new Worker({
    name: env.VP_WORKER_NAME?.trim() || defaultWorkerName(),
    queue: httpJobQueue(api),
    leaseMs: leaseSeconds * 1000,
    handlers: [processFileHandler({ hostOf: (job) => new HttpFileJobHost(api, job), limitsOf: () => limits })],
    onError: (err) => {
      if (err instanceof WorkerTokenRefusedError) {
        if (!stopping) console.error(`pipeline worker: the API refused the worker token (revoked or unknown): ${err.message}`);
        stop(1);
      } else console.error('pipeline worker:', err instanceof Error ? err.message : err);
    },
  });
  const stop = (code: number, signal?: string) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (signal) console.log(`${signal} received, stopping the worker…`);
    void worker.stop().then(() => process.exit(exitCode));
  };
  process.on('SIGINT', () => stop(0, 'SIGINT'));
  process.on('SIGTERM', () => stop(0, 'SIGTERM'));
  worker.start();
  console.log(`Pipeline worker ${worker.name} running on the pipeline API at ${api.resolve('/api/pipeline/').href}`);
  console.log(`ffmpeg: ${await ffmpegVersion()}`);
}
