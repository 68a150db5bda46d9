import type { Queryable } from '../db/engine';
import { toFileJson, type FileRow } from '../db/files';
import { isMediaKey } from '../media/media-store';
import { S3MediaStore } from '../media/s3-media-store';
import { sendStoredObject } from '../media/send-stored-object';
import { isCompleted, isFinal } from '../../../src/contract/file-status';
import { FileGoneError, StatusRefusedError } from '../pipeline/file-status';
import { fileJobStart, PROCESS_FILE, type ProcessFilePayload } from '../db/job-kinds';
import { MEDIA_IMAGE_PREFIX, ownFolderOf } from '../media/file-media';
import { removeSource } from '../pipeline/local-file-job-host';
import { listPipelineWorkers } from '../pipeline/workers-list';
import { fail, ok } from '../plugins/errors';
import { requirePipelineToken } from '../plugins/pipeline-auth';
import { errorResponses, idParam } from '../schemas/common';
import {
  pipelineFileReplySchema,
  pipelineFilesReplySchema,
  pipelineWorkersReplySchema,
  reportSchema,
  sourceResponse,
  waitingQuerySchema,
} from '../schemas/pipeline';
import type { RouteApp } from '../schemas/route-types';

const FILE_NOT_FOUND = 'File not found';
const security = [{ pipelineToken: [] }];

/**
 * The pipeline API: a service's own pipeline reads the files waiting for processing and reports what
 * it did, as the reference worker does through the same row updates (and may run beside it or
 * instead of it, VP_WORKER=0). Images and renditions are media keys in the shared media store.
 * Every call carries VP_PIPELINE_TOKEN or a live worker token in x-pipeline-token: with neither
 * configured, every call is refused (the API is off).
 */
export default async function pipelineRoutes(app: RouteApp): Promise<void> {
  requirePipelineToken(app);

  /** Where the pipeline gets a waiting file's video: its job's URL, or this server's copy of the upload. */
  async function sourceOf(file: FileRow): Promise<{ url: string } | null> {
    const job = (await app.jobs.find(PROCESS_FILE, fileJobStart(file.file_id))) as ProcessFilePayload | undefined;
    if (!job) return null;
    const { source } = job;
    return 'url' in source ? { url: source.url } : { url: `/api/pipeline/files/${file.file_id}/source` };
  }

  const pipelineFile = async (file: FileRow) => ({
    ...toFileJson(file, app.settings.trashDays),
    file_rendition: file.file_rendition,
    source: await sourceOf(file),
  });

  app.get(
    '/files',
    {
      schema: {
        tags: ['pipeline'],
        summary: 'Files of every account at one status (default 0, Pending: waiting for processing), oldest first',
        security,
        querystring: waitingQuerySchema,
        response: { 200: pipelineFilesReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.files.byStatus(request.query.file_status, request.query.limit);
      return ok('Files loaded', { files: await Promise.all(rows.map(pipelineFile)) });
    },
  );

  app.get(
    '/files/:id/source',
    {
      schema: {
        tags: ['pipeline'],
        summary: 'The uploaded video of a file waiting for processing (range requests)',
        security,
        params: idParam('id'),
        produces: ['application/octet-stream'],
        response: { 200: sourceResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const job = (await app.jobs.find(PROCESS_FILE, fileJobStart(request.params.id))) as ProcessFilePayload | undefined;
      const source = job?.source ?? null;
      if (!source || !('media_key' in source) || (await app.media.size(source.media_key)) === null)
        return fail(reply, 404, 'Source not found');
      if (app.media instanceof S3MediaStore) return sendStoredObject(app.media, reply, source.media_key, { cacheControl: null });
      return reply.type('application/octet-stream').sendFile(source.media_key, app.settings.mediaDir, { cacheControl: false });
    },
  );

  app.put(
    '/files/:id',
    {
      schema: {
        tags: ['pipeline'],
        summary: "Report a file's status, server, progress, reason, probe results, images and rendition",
        description:
          "Only the fields given change. A final status (10 Completed, 4 Download Failed, 7 Upload Failed) ends the reference queue's job of the file, so no worker processes it again. A status moves forward along the steps (skipping any), to a failure, or back to 0 Pending or 1 Received for a new attempt, from any step before Completed; anything else, and any report on a file in the trash, is 409 with the reason.",
        security,
        params: idParam('id'),
        body: reportSchema,
        response: { 200: pipelineFileReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file_status: status = null, ...fields } = request.body;
      for (const name of ['file_rendition', 'file_image', 'file_slide'] as const) {
        const key = fields[name];
        if (typeof key === 'string' && (!isMediaKey(key) || key.endsWith('/')))
          return fail(reply, 400, `${name} must be a media key such as files/12-abc/thumb.jpg`);
      }
      // The file's own folder that the report names (rendition or images) is counted at its size now.
      const fileId = request.params.id;
      const folder = [fields.file_rendition, fields.file_image, fields.file_slide].map((key) => ownFolderOf(fileId, key)).find(Boolean);
      const bytes = folder ? await app.media.bytesUnder(folder) : 0;
      // Images are served relative to config imageHost, under media/.
      if (fields.file_image) fields.file_image = `${MEDIA_IMAGE_PREFIX}${fields.file_image}`;
      if (fields.file_slide) fields.file_slide = `${MEDIA_IMAGE_PREFIX}${fields.file_slide}`;
      let ended: boolean;
      try {
        ended = await app.fileStatus.set(fileId, status, fields, {
          liveOnly: true,
          ...(folder ? { alsoInTransaction: (tx: Queryable) => app.videoStorage.record(tx, folder, fileId, bytes, app.clock()) } : {}),
        });
      } catch (err) {
        if (err instanceof FileGoneError) return fail(reply, 404, FILE_NOT_FOUND);
        if (err instanceof StatusRefusedError) return fail(reply, 409, err.message);
        throw err;
      }
      // A worker token's worker ended this file (not a final status reported again): counted under the token's name.
      if (ended && status !== null && request.pipelineWorker !== null)
        await app.pipelineWorkers.record(request.pipelineWorker, isCompleted(status) ? 'done' : 'failed', app.clock());
      if (status !== null && isFinal(status)) {
        // The job's uploaded source is no longer needed by anyone.
        const jobs = (await app.jobs.remove(app.db, PROCESS_FILE, fileJobStart(request.params.id))) as ProcessFilePayload[];
        for (const { source } of jobs) if ('media_key' in source) await removeSource(app.media, app.videoStorage, source.media_key);
      }
      const file = (await app.files.getAny(request.params.id))!;
      return ok('File updated', { file: await pipelineFile(file) });
    },
  );

  app.get(
    '/workers',
    {
      schema: {
        tags: ['pipeline'],
        summary:
          'The workers the service knows: each worker token and each worker that took a job, with its last call, current job and counts',
        description:
          "A worker is listed by name: each worker token (created by the CLI's `worker-token create`, revoked ones too), each worker that took or ended a job of the reference queue (the server's, the CLI's `worker`), and each holder of a running lease. `last_seen_at` is the later of the token's last use (recorded at most once a minute) and the worker's last job taken or ended; `current_file_id` the file whose job it holds now; `jobs_done` and `jobs_failed` the jobs it ended (for a token's worker, the files it reported Completed or failed).",
        security,
        response: { 200: pipelineWorkersReplySchema, ...errorResponses },
      },
    },
    async () => {
      const workers = await listPipelineWorkers({ tokens: app.workerTokens, workers: app.pipelineWorkers, jobs: app.jobs });
      const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      return ok('Workers loaded', {
        workers: workers.map((w) => ({
          ...w,
          created_at: iso(w.created_at),
          revoked_at: iso(w.revoked_at),
          last_seen_at: iso(w.last_seen_at),
        })),
      });
    },
  );
}
