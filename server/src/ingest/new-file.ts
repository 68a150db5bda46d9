import { isSlug, SLUG_INVALID } from '../../../src/contract/file-slug';
import { checkTitle } from '../../../src/contract/file-title';
import type { FastifyInstance } from 'fastify';
import type { ActivitySource } from '../db/activity-repository';
import type { FileRow } from '../db/files';
import { slugFromTitle } from '../lib/slug';
import { randomToken } from '../lib/tokens';
import { PROCESS_FILE, type ProcessFilePayload, type VideoSource } from '../pipeline/process-file';

export type NewFileOutcome = { error: [number, string] } | { file: FileRow };

/** How a video came in, as the file's log says it: one multipart request, a URL, or a resumable (tus) upload. */
export type VideoIngest = 'upload' | 'url' | 'tus';

export interface NewVideo {
  title: string | undefined;
  slug: string | undefined;
  source: VideoSource;
  via: VideoIngest;
}

/** Who adds it, from where: the log's actor and source of the file's first entry. */
export interface AddedBy {
  accountId: number;
  actor: string;
  source: ActivitySource;
}

/** The slug asked for (checked), else one made from the title, with a random tail when that one is taken. */
async function slugFor(app: FastifyInstance, title: string, asked: string | undefined): Promise<string | { error: [number, string] }> {
  if (asked !== undefined && asked !== '') {
    if (!isSlug(asked)) return { error: [400, SLUG_INVALID] };
    return asked;
  }
  const base = slugFromTitle(title).slice(0, 93);
  if (!(await app.files.slugTaken(base))) return base;
  return `${base}-${randomToken(6).toLowerCase()}`;
}

/**
 * A new file at status 0 (Pending) with the job that processes it and the first entry of its log
 * (`create`), created together: the one way a video enters, whether uploaded in one request, resumably
 * (tus) or as a URL.
 */
export async function addVideoFile(app: FastifyInstance, by: AddedBy, video: NewVideo): Promise<NewFileOutcome> {
  const { accountId } = by;
  const title = checkTitle(video.title ?? '');
  if ('error' in title) return { error: [400, title.error] };
  const slug = await slugFor(app, title.title, video.slug);
  if (typeof slug !== 'string') return slug;
  const at = app.clock();
  const result = await app.files.create(accountId, { file_title: title.title, file_slug: slug, created_at: at }, async (tx, file) => {
    await app.jobs.enqueue(tx, PROCESS_FILE, { file_id: file.file_id, source: video.source } satisfies ProcessFilePayload, { accountId });
    const detail = { via: video.via, file_title: file.file_title, file_slug: file.file_slug };
    await app.activity.append({ fileId: file.file_id, accountId, at, actor: by.actor, source: by.source, action: 'create', detail }, tx);
  });
  if (result.kind === 'slug_conflict') return { error: [409, 'Slug already in use'] };
  app.worker?.poke();
  return { file: result.file };
}
