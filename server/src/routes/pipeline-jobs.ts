import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROCESS_FILE, type ProcessFilePayload } from '../db/job-kinds';
import type { ClaimedJob } from '../db/jobs-repository';
import { apiWorkerOwner } from '../db/storage-journal';
import { ownFolderOf } from '../media/file-media';
import { isMediaKey } from '../media/media-store';
import { FileGoneError, StatusRefusedError } from '../pipeline/file-status';
import { handOutUrl } from '../pipeline/job-media-urls';
import { LocalFileJobHost, urlPolicyOfFile } from '../pipeline/local-file-job-host';
import { fail, ok } from '../plugins/errors';
import { requirePipelineToken } from '../plugins/pipeline-auth';
import { errorResponses, idParam } from '../schemas/common';
import { FILE_NOT_FOUND } from '../schemas/messages';
import {
  attemptBodySchema,
  claimBodySchema,
  claimReplySchema,
  discardBodySchema,
  doneReplySchema,
  extendBodySchema,
  extendReplySchema,
  failedBodySchema,
  folderBodySchema,
  folderReplySchema,
  jobReportBodySchema,
  retryLaterBodySchema,
  sourceReplySchema,
  uploadsBodySchema,
  uploadsReplySchema,
} from '../schemas/pipeline-jobs';
import type { RouteApp } from '../schemas/route-types';

export const WORKER_TOKEN_NEEDED = 'The job routes need a worker token (npm run server -- worker-token create NAME), not VP_PIPELINE_TOKEN';
export const jobNotHeld = (id: number): string =>
  `Job ${id} is not leased to this worker at this attempt (its lease ended, or another worker holds it)`;
export const NOT_THE_FILES_FOLDER = "The folder is not one this job's file was given";
const security = [{ pipelineToken: [] }];

/**
 * The reference queue's jobs over HTTP, for a worker that reaches nothing but the API (`npm run server
 * -- worker --api URL --token T`): it claims a job, renews its lease, reports the steps, and reads its
 * source and writes its outputs through short-lived URLs; every database write (status steps, the
 * storage journal, the video storage record, the source's removal) is made here, by the same
 * LocalFileJobHost as the server's own worker. Only a worker token may call them, and only for the
 * job its name holds at the attempt it names (else 403).
 */
export default async function pipelineJobRoutes(app: RouteApp): Promise<void> {
  requirePipelineToken(app);

  type JobRequest = FastifyRequest<{ Params: { id: number }; Body: { attempt: number } }>;
  /** Whether a leased job is the caller's: its worker token's name, at the attempt it names. */
  const mine = (job: ClaimedJob & { leased_by: string }, request: JobRequest) =>
    job.kind === PROCESS_FILE && job.leased_by === request.pipelineWorker && job.attempts === request.body.attempt;

  /** The job the caller holds (its name, this attempt, a running lease), or a 403 sent. */
  async function held(request: JobRequest, reply: FastifyReply) {
    const job = await app.jobs.leased(request.params.id);
    if (!job || !mine(job, request)) {
      fail(reply, 403, jobNotHeld(request.params.id));
      return undefined;
    }
    return job;
  }

  // The worker stores the folder long after this call, maybe past this node's restart: the journal names the worker, not this process.
  const hostOf = (job: ClaimedJob & { leased_by: string }) =>
    new LocalFileJobHost({ ...app.jobHostParts, journalOwner: apiWorkerOwner(job.leased_by) }, job.payload as ProcessFilePayload);
  const fileOf = (job: ClaimedJob) => (job.payload as ProcessFilePayload).file_id;

  /** Runs a host call: a file deleted meanwhile is 404, a refused status 409. */
  async function answer(reply: FastifyReply, call: () => Promise<void>, message = 'Done'): Promise<unknown> {
    try {
      await call();
    } catch (err) {
      if (err instanceof FileGoneError) return fail(reply, 404, FILE_NOT_FOUND);
      if (err instanceof StatusRefusedError) return fail(reply, 409, err.message);
      throw err;
    }
    return ok(message);
  }

  const route = <B extends object, R extends object = typeof doneReplySchema>(
    summary: string,
    body: B,
    response?: R,
    description?: string,
  ) => ({
    schema: {
      tags: ['pipeline'],
      summary,
      ...(description ? { description } : {}),
      security,
      params: idParam('id'),
      body,
      response: { 200: (response ?? doneReplySchema) as R, ...errorResponses },
    },
  });

  app.post(
    '/claim',
    {
      schema: {
        tags: ['pipeline'],
        summary: "Claim the next due job of the reference queue, leased to the worker token's name",
        description:
          'Answers `job: null` when none is due. The lease is renewed by `POST /api/pipeline/jobs/{id}/extend`; a worker that stops renewing leaves the job to be claimed again when the lease ends.',
        security,
        body: claimBodySchema,
        response: { 200: claimReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const worker = request.pipelineWorker;
      if (worker === null) return fail(reply, 403, WORKER_TOKEN_NEEDED);
      const job = await app.jobs.claim(worker, [PROCESS_FILE], request.body.lease_ms);
      if (!job) return ok('No job is due', { job: null });
      await app.pipelineWorkers.record(worker, 'took', app.clock());
      const { lease_token: _secret, ...shown } = job;
      return ok('Job claimed', { job: shown });
    },
  );

  app.post('/:id/extend', route("Renew the lease of the caller's job", extendBodySchema, extendReplySchema), async (request) => {
    const job = await app.jobs.leased(request.params.id);
    const renewed = !!job && mine(job, request) && (await app.jobs.extend(job, request.body.lease_ms));
    return ok(renewed ? 'Lease renewed' : 'The job is no longer this worker’s', { mine: renewed });
  });

  app.post(
    '/:id/finish',
    route(
      'End the job',
      attemptBodySchema,
      doneReplySchema,
      "`complete` and `failed` end the job themselves; a job the caller no longer holds is left as it is (200), as the queue's own finish does.",
    ),
    async (request) => {
      const job = await app.jobs.leased(request.params.id);
      if (job && mine(job, request)) await app.jobs.finish(job);
      return ok('Job finished');
    },
  );

  app.post(
    '/:id/retry-later',
    route(
      'Give the job back to run again after `delay_ms`, with the reason this attempt failed',
      retryLaterBodySchema,
      doneReplySchema,
      'A job the caller no longer holds is left as it is (200).',
    ),
    async (request) => {
      const job = await app.jobs.leased(request.params.id);
      if (job && mine(job, request)) await app.jobs.retryLater(job, request.body.reason, request.body.delay_ms);
      return ok('Job given back');
    },
  );

  app.post(
    '/:id/report',
    route(
      "Report a step of the job's file before Uploaded (1 Received to 5 Uploading), or only its fields (`file_status: null`)",
      jobReportBodySchema,
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const { attempt: _attempt, file_status: status = null, ...fields } = request.body;
      return answer(reply, () => hostOf(job).report(status, fields), 'File updated');
    },
  );

  app.post(
    '/:id/source',
    route(
      "Where to read the job's source",
      attemptBodySchema,
      sourceReplySchema,
      "An upload: a URL presigned by the bucket (object store) or of `GET /api/pipeline/media` signed for its key (folder store), valid VP_WORKER_URL_SECONDS. A URL source: the URL, and the policy the worker downloads it under (the hosts allowed besides public ones, the size limit or the account's room left, the time limit).",
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const { source } = job.payload as ProcessFilePayload;
      if ('media_key' in source)
        return ok('Source', {
          url: await handOutUrl(app.media, job, 'GET', source.media_key, app.clock() + app.settings.workerUrlMs, app.clock()),
        });
      try {
        const policy = await urlPolicyOfFile(app.jobHostParts, fileOf(job));
        return ok('Source', {
          url: source.url,
          policy: {
            allow_hosts: [...policy.allowHosts],
            max_bytes: policy.maxBytes,
            timeout_ms: policy.timeoutMs,
            ...(policy.tooLargeReason ? { too_large_reason: policy.tooLargeReason } : {}),
          },
        });
      } catch (err) {
        if (err instanceof FileGoneError) return fail(reply, 404, FILE_NOT_FOUND);
        throw err;
      }
    },
  );

  app.post(
    '/:id/folder',
    route(
      "A new folder of the job's file for this attempt's media, journaled before its first byte; `downloads`: the file may be downloaded, so the attempt also stores its MP4 and M4A (downloads/video.mp4, downloads/audio.m4a)",
      attemptBodySchema,
      folderReplySchema,
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      return ok('Folder', await hostOf(job).newFolder());
    },
  );

  app.post(
    '/:id/uploads',
    route(
      "URLs to PUT the attempt's media to, one per name under its folder",
      uploadsBodySchema,
      uploadsReplySchema,
      "Each is a URL presigned by the bucket (object store) or of `PUT /api/pipeline/media` (folder store), for one key, valid VP_WORKER_URL_SECONDS; ask for many names in one call (an HLS ladder is many small files). A folder that is not the job's file's is 403; a name that makes no media key 400.",
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const { folder, names } = request.body;
      if (ownFolderOf(fileOf(job), folder) !== folder) return fail(reply, 403, NOT_THE_FILES_FOLDER);
      const bad = names.find((name) => !isMediaKey(`${folder}${name}`) || name.endsWith('/'));
      if (bad !== undefined) return fail(reply, 400, `Not a media file name: ${JSON.stringify(bad)}`);
      const now = app.clock();
      const expires = now + app.settings.workerUrlMs;
      const urls = await Promise.all(
        names.map(async (name) => ({ name, url: await handOutUrl(app.media, job, 'PUT', `${folder}${name}`, expires, now) })),
      );
      return ok('Upload URLs', {
        urls,
        expires_at: new Date(expires).toISOString(),
      });
    },
  );

  app.post(
    '/:id/published',
    route(
      "The attempt's media is stored: the file owns its folder (6 Uploaded, counted at the bytes stored), then 8 Indexed with its images",
      folderBodySchema,
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const { folder } = request.body;
      if (ownFolderOf(fileOf(job), folder) !== folder) return fail(reply, 403, NOT_THE_FILES_FOLDER);
      const bytes = await app.media.bytesUnder(folder);
      if (bytes === 0) return fail(reply, 409, 'Nothing is stored under this folder');
      return answer(reply, () => hostOf(job).published(folder, bytes), 'File updated');
    },
  );

  app.post(
    '/:id/complete',
    route('The source goes, then 9 Cleaned and 10 Completed; the job ends', attemptBodySchema),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const result = await answer(reply, () => hostOf(job).complete(), 'File completed');
      if (reply.statusCode !== 200) return result;
      // Ended here, not by the worker's next call: a worker killed after Completed leaves no job to claim again.
      await app.jobs.finish(job);
      await app.pipelineWorkers.record(job.leased_by, 'done', app.clock());
      return result;
    },
  );

  app.post(
    '/:id/discard',
    route(
      'The attempt ended without Completed: the folder it stored goes (and is no longer counted or journaled); `gone`: the file was deleted, its source goes too',
      discardBodySchema,
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const { folder, owned, gone } = request.body;
      if (folder !== null && ownFolderOf(fileOf(job), folder) !== folder) return fail(reply, 403, NOT_THE_FILES_FOLDER);
      await hostOf(job).discard(folder, owned, gone);
      return ok('Discarded');
    },
  );

  app.post(
    '/:id/retrying',
    route('The job will run again after `delay_ms`: the file shows 0 Pending with the reason', retryLaterBodySchema),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      await hostOf(job).retrying(job.attempts, request.body.reason, request.body.delay_ms);
      return ok('File updated');
    },
  );

  app.post(
    '/:id/failed',
    route(
      'The job failed for good: the file fails with the reason (4 Download Failed or 7 Upload Failed), its source goes; the job ends',
      failedBodySchema,
    ),
    async (request, reply) => {
      const job = await held(request, reply);
      if (!job) return reply;
      const result = await answer(reply, () => hostOf(job).failed(request.body.reason), 'File failed');
      if (reply.statusCode !== 200) return result;
      await app.jobs.finish(job);
      await app.pipelineWorkers.record(job.leased_by, 'failed', app.clock());
      return result;
    },
  );
}
