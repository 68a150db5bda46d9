import { isSlug, SLUG_INVALID } from '../../../src/contract/file-slug';
import { checkTitle } from '../../../src/contract/file-title';
import type { ActivityRepository, ActivitySource } from '../db/activity-repository';
import type { FileRow } from '../db/files';
import type { FilesRepository } from '../db/files-repository';
import { PROCESS_FILE, type ProcessFilePayload, type VideoSource } from '../db/job-kinds';
import type { JobsRepository } from '../db/jobs-repository';
import { forgetKeys } from '../db/storage-journal';
import { VideoQuotaExceeded, type VideoStorageRepository } from '../db/video-storage-repository';
import type { Clock } from '../lib/clock';
import { videoQuotaMessage } from '../lib/video-quota';
import { slugFromTitle } from '../lib/slug';
import { randomToken } from '../lib/tokens';
import type { Worker } from '../jobs/worker';
import type { Settings } from '../types';

export type NewFileOutcome = { error: [number, string] } | { file: FileRow };

/** How a video came in, as the file's log says it: one multipart request, a URL, or a resumable (tus) upload. */
export type VideoIngest = 'upload' | 'url' | 'tus';

export interface NewVideo {
  title: string | undefined;
  slug: string | undefined;
  source: VideoSource;
  via: VideoIngest;
  /**
   * An uploaded source (already in the media store, its bytes reserved under its key): its real size,
   * and the journal entries that go once the file owns it.
   */
  upload?: { bytes: number; journaled: readonly string[] };
}

/** Who adds it, from where: the log's actor and source of the file's first entry. */
export interface AddedBy {
  accountId: number;
  actor: string;
  source: ActivitySource;
}

/**
 * What adding a file uses: the files, the job queue, the activity log and the video storage (each
 * through the one method it calls), the clock, the quota, and this node's worker if it runs one.
 * A built app has them all; a test passes the repositories of a bare database.
 */
export interface NewFileParts {
  files: Pick<FilesRepository, 'slugTaken' | 'create'>;
  jobs: Pick<JobsRepository, 'enqueue'>;
  activity: Pick<ActivityRepository, 'append'>;
  videoStorage: Pick<VideoStorageRepository, 'claim'>;
  clock: Clock;
  settings: Pick<Settings, 'accountVideoQuotaBytes'>;
  worker: Pick<Worker, 'poke'> | null;
}

/** The slug asked for (checked), else one made from the title, with a random tail when that one is taken. */
async function slugFor(
  files: NewFileParts['files'],
  title: string,
  asked: string | undefined,
): Promise<string | { error: [number, string] }> {
  if (asked !== undefined && asked !== '') {
    if (!isSlug(asked)) return { error: [400, SLUG_INVALID] };
    return asked;
  }
  const base = slugFromTitle(title).slice(0, 93);
  if (!(await files.slugTaken(base))) return base;
  return `${base}-${randomToken(6).toLowerCase()}`;
}

/**
 * A new file at status 0 (Pending) with the job that processes it and the first entry of its log
 * (`create`), created together: the one way a video enters, whether uploaded in one request, resumably
 * (tus) or as a URL.
 */
export async function addVideoFile(parts: NewFileParts, by: AddedBy, video: NewVideo): Promise<NewFileOutcome> {
  const { accountId } = by;
  const title = checkTitle(video.title ?? '');
  if ('error' in title) return { error: [400, title.error] };
  const slug = await slugFor(parts.files, title.title, video.slug);
  if (typeof slug !== 'string') return slug;
  const { upload, source } = video;
  const at = parts.clock();
  let result;
  try {
    result = await parts.files.create(accountId, { file_title: title.title, file_slug: slug, created_at: at }, async (tx, file) => {
      if (upload && 'media_key' in source) {
        // The reservation becomes the file's source at its real size, checked once more against the quota.
        await parts.videoStorage.claim(tx, source.media_key, file.file_id, upload.bytes, parts.settings.accountVideoQuotaBytes);
        await forgetKeys(tx, upload.journaled);
      }
      await parts.jobs.enqueue(tx, PROCESS_FILE, { file_id: file.file_id, source } satisfies ProcessFilePayload, { accountId });
      const detail = { via: video.via, file_title: file.file_title, file_slug: file.file_slug };
      await parts.activity.append(
        { fileId: file.file_id, accountId, at, actor: by.actor, source: by.source, action: 'create', detail },
        tx,
      );
    });
  } catch (err) {
    if (err instanceof VideoQuotaExceeded) return { error: [413, videoQuotaMessage(err.usedBytes, parts.settings.accountVideoQuotaBytes)] };
    throw err;
  }
  if (result.kind === 'slug_conflict') return { error: [409, 'Slug already in use'] };
  parts.worker?.poke();
  return { file: result.file };
}
