import type { Queryable } from '../db/engine';
import type { FilesRepository } from '../db/files-repository';
import type { JobsRepository } from '../db/jobs-repository';
import type { PipelineWorkersRepository } from '../db/pipeline-workers-repository';
import type { VideoStorageRepository } from '../db/video-storage-repository';
import { Worker } from '../jobs/worker';
import { defaultWorkerName } from '../jobs/worker-name';
import type { UrlPolicy } from '../lib/url-policy';
import { DEFAULT_MEDIA_LIMITS, type MediaLimits } from '../media/media-limits';
import type { MediaStore } from '../media/media-store';
import type { FileStatusWriter } from './file-status';
import { processFileHandler } from './process-file';
import { LocalFileJobHost } from './local-file-job-host';
import type { ProcessFilePayload } from '../db/job-kinds';
import { downloadsChangedOf } from './file-downloads';

export interface WorkerSettings {
  /** `file_server` of the files it processes (default `<host name>-<process id>`). */
  name?: string | undefined;
  leaseMs?: number;
  pollMs?: number;
  backoffMs?: number;
  /** What one video may cost (VP_MAX_VIDEO_* and VP_MAX_JOB_SECONDS; the defaults for the rest). */
  limits?: Partial<MediaLimits>;
}

export interface WorkerParts {
  db: Queryable;
  jobs: JobsRepository;
  /** Where the worker records the jobs it takes and ends (GET /api/pipeline/workers). */
  workers: PipelineWorkersRepository;
  media: MediaStore;
  fileStatus: FileStatusWriter;
  urlPolicy: UrlPolicy;
  videoStorage: VideoStorageRepository;
  videoQuotaBytes: number;
  /** Whether a file may be downloaded, and where its downloads' bytes are recorded (decision D67). */
  files: FilesRepository;
  onError: (err: unknown) => void;
}

/** A worker of the reference pipeline (the server's own, or the CLI's `worker`). */
export function createWorker(parts: WorkerParts, settings: WorkerSettings): Worker {
  const hostParts = {
    db: parts.db,
    media: parts.media,
    status: parts.fileStatus,
    urlPolicy: parts.urlPolicy,
    videoStorage: parts.videoStorage,
    videoQuotaBytes: parts.videoQuotaBytes,
    files: parts.files,
    downloadsChanged: (fileId: number) => downloadsChangedOf(parts.db, parts.jobs, parts.videoStorage)(fileId),
  };
  const limits = { ...DEFAULT_MEDIA_LIMITS, ...settings.limits };
  return new Worker({
    name: settings.name ?? defaultWorkerName(),
    queue: parts.jobs,
    handlers: [
      processFileHandler({
        hostOf: (job) => new LocalFileJobHost(hostParts, job.payload as ProcessFilePayload),
        limitsOf: () => limits,
      }),
    ],
    ...(settings.leaseMs ? { leaseMs: settings.leaseMs } : {}),
    ...(settings.pollMs ? { pollMs: settings.pollMs } : {}),
    ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
    record: (name, event) => parts.workers.record(name, event, Date.now()),
    onError: parts.onError,
  });
}
