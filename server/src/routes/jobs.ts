import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { bulkJobJson } from '../bulk/bulk-job';
import type { BulkAction } from '../../../src/contract/bulk-request';
import type { BulkFileRow, BulkJobsRepository } from '../db/bulk-jobs-repository';
import { fail, ok } from '../plugins/errors';
import { bulkIdempotencyHeader, bulkReplySchema, jobQuerySchema, jobReplySchema, resultsCsvResponse } from '../schemas/bulk';
import { answerJob, enqueueBulkJob, idempotencyKeyOf, jobOrigin } from '../plugins/bulk-requests';
import { apiKeySecurity, errorResponses, idParam } from '../schemas/common';
import { KEY_REQUIRED } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';

export const JOB_NOT_FOUND = 'Job not found';
export const JOB_STILL_RUNNING = 'This job is still running: it can be undone when it has ended';
export const PURGE_NOT_UNDONE = 'A purge cannot be undone';

/** The action that takes a job's change back; a purge has none (its files are gone); a value's job is reverted file by file. */
const UNDO_OF: Record<BulkAction, BulkAction | null> = {
  activate: 'deactivate',
  deactivate: 'activate',
  delete: 'restore',
  restore: 'delete',
  purge: null,
  set_player_access: 'revert',
  set_schedule: 'revert',
  revert: 'revert',
};
/** The CSV's header line; one line per file of the job follows, in file id order. */
export const RESULTS_CSV_HEADER = 'file_id,outcome,reason';
/** Results read per query while the CSV streams. */
const CSV_PAGE = 1000;

const resultJson = (r: BulkFileRow) => ({ file_id: Number(r.file_id), outcome: r.outcome ?? 'pending', reason: r.reason });

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
const csvField = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

async function* csvLines(bulkJobs: BulkJobsRepository, jobId: number): AsyncGenerator<string> {
  yield `${RESULTS_CSV_HEADER}\r\n`;
  for (let after = 0; ;) {
    const rows = await bulkJobs.results(jobId, after, CSV_PAGE);
    if (rows.length) {
      yield rows.map((r) => `${Number(r.file_id)},${r.outcome ?? 'pending'},${csvField(r.reason ?? '')}\r\n`).join('');
    }
    if (rows.length < CSV_PAGE) return;
    after = Number(rows[rows.length - 1]!.file_id);
  }
}

/** GET /api/jobs/:id (a bulk job's state, counts and results, paged) and its results as CSV. */
export default async function jobRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: "A bulk job of the account: its state, counts by outcome, and its files' results in file id order",
        security: apiKeySecurity,
        params: idParam('id'),
        querystring: jobQuerySchema,
        response: { 200: jobReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const job = await app.bulkJobs.get(request.accountId, request.params.id);
      if (!job) return fail(reply, 404, JOB_NOT_FOUND);
      const { after, limit, outcome } = request.query;
      const rows = await app.bulkJobs.results(job.job_id, after, limit, outcome);
      return ok('Job loaded', {
        job: bulkJobJson(job, await app.bulkJobs.counts(job.job_id)),
        results: rows.map(resultJson),
        next_after: rows.length === limit ? Number(rows[rows.length - 1]!.file_id) : null,
      });
    },
  );

  app.get(
    '/:id/results.csv',
    {
      schema: {
        tags: ['files'],
        summary: `A bulk job's results as CSV (${RESULTS_CSV_HEADER}; outcome pending until the file is done), streamed`,
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: resultsCsvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const job = await app.bulkJobs.get(request.accountId, request.params.id);
      if (!job) return fail(reply, 404, JOB_NOT_FOUND);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bulk-job-${Number(job.job_id)}.csv"`)
        .send(Readable.from(csvLines(app.bulkJobs, job.job_id)));
    },
  );

  app.post(
    '/:id/undo',
    {
      schema: {
        tags: ['files'],
        summary:
          "Undo an ended bulk job: a new job with the inverse action over the files it changed (done), each at its version now (a job that set values: revert, each file's values from before); Idempotency-Key as for POST /api/files/bulk",
        security: apiKeySecurity,
        params: idParam('id'),
        headers: bulkIdempotencyHeader,
        response: { 202: bulkReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (!key) return fail(reply, 400, KEY_REQUIRED);
      const { accountId } = request;
      const source = await app.bulkJobs.get(accountId, request.params.id);
      if (!source) return fail(reply, 404, JOB_NOT_FOUND);
      const requestHash = createHash('sha256')
        .update(JSON.stringify(['undo', Number(source.job_id)]))
        .digest('hex');
      const earlier = await app.bulkJobs.byKey(accountId, key);
      if (earlier) return answerJob(app, reply, earlier, requestHash);

      const action = UNDO_OF[source.action];
      if (!action) return fail(reply, 422, PURGE_NOT_UNDONE);
      if (source.state !== 'done' && source.state !== 'failed') return fail(reply, 409, JOB_STILL_RUNNING);
      const created = await app.bulkJobs.createUndo(
        // A job over files (no filter): the undone job's done ones; createUndo counts them into total.
        { ...(await jobOrigin(app, request, key, requestHash)), action, filter: null, total: 0 },
        source.job_id,
        enqueueBulkJob(app),
      );
      app.bulkWorker?.poke();
      // Undefined: a concurrent request with the same key stored its job first.
      return answerJob(app, reply, created ?? (await app.bulkJobs.byKey(accountId, key))!, requestHash);
    },
  );
}
