import path from 'node:path';
import { readEnv } from './config';
import { ActivityRepository } from './db/activity-repository';
import { FilesRepository } from './db/files-repository';
import { JobsRepository } from './db/jobs-repository';
import { openDatabase } from './db/open';
import { PipelineWorkersRepository } from './db/pipeline-workers-repository';
import { VideoStorageRepository } from './db/video-storage-repository';
import { ffmpegVersion } from './media/ffmpeg';
import { openMediaStore } from './media/open-media-store';
import { createWorker } from './pipeline/create-worker';
import { FileStatusWriter } from './pipeline/file-status';

/**
 * `npm run server -- worker`: a pipeline worker without an HTTP server, on the server's database
 * (DATABASE_URL or VP_DATA_DIR) and media store (VP_MEDIA_DIR, or VP_MEDIA_URL for a bucket). Run as many as the machines allow;
 * on SIGINT/SIGTERM it stops after aborting its job, which another worker takes when the lease ends.
 */
export async function runWorker(): Promise<void> {
  const { options } = readEnv();
  if (options.worker === false) throw new Error('VP_WORKER=0: this process would run no worker');
  const db = await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl, list: { readWorkers: 0 } });
  const close = () => db.close();
  const files = new FilesRepository(db, options.slugHoldDays! * 86_400_000);
  const worker = createWorker(
    {
      db,
      jobs: new JobsRepository(db),
      workers: new PipelineWorkersRepository(db),
      media: openMediaStore({ mediaDir: path.resolve(options.mediaDir!), s3: options.s3 }),
      fileStatus: new FileStatusWriter({
        files,
        activity: new ActivityRepository(db),
      }),
      urlPolicy: {
        allowHosts: options.ingestAllowHosts!,
        maxBytes: options.maxVideoBytes!,
        timeoutMs: options.downloadTimeoutSeconds! * 1000,
      },
      videoStorage: new VideoStorageRepository(db),
      videoQuotaBytes: options.accountVideoQuotaBytes!,
      files,
      onError: (err) => console.error('pipeline worker:', err instanceof Error ? err.message : err),
    },
    options.worker ?? {},
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping the worker…`);
    worker
      .stop()
      .then(close, close)
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  worker.start();
  console.log(`Pipeline worker ${worker.name} running on ${options.databaseUrl ? 'PostgreSQL' : options.dataDir}`);
  console.log(`ffmpeg: ${await ffmpegVersion()}`);
}
