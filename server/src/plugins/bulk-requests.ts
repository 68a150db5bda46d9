import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bulkJobJson } from '../bulk/bulk-job';
import type { BulkJobRow, NewBulkJob } from '../db/bulk-jobs-repository';
import type { Queryable } from '../db/engine';
import { BULK_FILES, type BulkJobPayload } from '../db/job-kinds';
import { JOB_ACCEPTED, KEY_REUSED } from '../schemas/messages';
import { actorOf, sourceOf } from './activity';
import { fail, ok } from './errors';

// What the two requests that create a bulk job share (POST /api/files/bulk, POST /api/jobs/:id/undo).

/** The request's Idempotency-Key, or '' when it has none (a 400). */
export const idempotencyKeyOf = (request: FastifyRequest): string => String(request.headers['idempotency-key'] ?? '').trim();

/** The 202 with the job (as it is now), or the 422 of a key used before for another request. */
export async function answerJob(app: FastifyInstance, reply: FastifyReply, row: BulkJobRow, requestHash: string) {
  if (row.request_hash !== requestHash) return fail(reply, 422, KEY_REUSED);
  return reply.code(202).send(ok(JOB_ACCEPTED, { job: bulkJobJson(row, await app.bulkJobs.counts(row.job_id)) }));
}

/** What a new job records of the request: the account, who asked and from where, under which key. */
export async function jobOrigin(
  app: FastifyInstance,
  request: FastifyRequest,
  idempotencyKey: string,
  requestHash: string,
): Promise<Pick<NewBulkJob, 'accountId' | 'idempotencyKey' | 'requestHash' | 'actor' | 'source' | 'createdAt'>> {
  const { accountId } = request;
  return { accountId, idempotencyKey, requestHash, actor: await actorOf(app, request), source: sourceOf(request), createdAt: app.clock() };
}

/** Queues the worker's job of a bulk job, in the transaction that stores it. */
export const enqueueBulkJob =
  (app: FastifyInstance) =>
  (tx: Queryable, row: BulkJobRow): Promise<void> =>
    app.jobs.enqueue(tx, BULK_FILES, { bulk_job_id: row.job_id } satisfies BulkJobPayload, {
      accountId: row.account_id,
      maxAttempts: 10,
    });
