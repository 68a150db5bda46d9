import { createHash } from 'node:crypto';
import type { BulkRequest } from '../../../src/contract/bulk-request';
import { filterQuery } from '../bulk/bulk-job';
import type { BulkFilter } from '../db/bulk-jobs-repository';
import { answerJob, enqueueBulkJob, idempotencyKeyOf, jobOrigin } from '../plugins/bulk-requests';
import { fail } from '../plugins/errors';
import { bulkBodySchema, bulkIdempotencyHeader, bulkReplySchema, countDriftResponse } from '../schemas/bulk';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { KEY_REQUIRED } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';

export const IDS_OR_FILTER = 'Send either ids or filter (with expected_count)';
export const COUNT_REQUIRED = 'expected_count is required with a filter';
export const countDrift = (count: number, expected: number): string =>
  `The filter now matches ${count} files, not ${expected}: nothing was changed`;

/** The filter as stored and compared: only what narrows, in one order (an empty search is no search). */
const normalFilter = (filter: BulkFilter): BulkFilter => ({
  search: filter.search?.trim() || undefined,
  isActive: filter.isActive,
  file_status: filter.file_status,
});

/** What a replay must repeat to get the same job: the action and the files it names. */
const hashOf = (body: BulkRequest, ids: number[] | null, filter: BulkFilter | null): string =>
  createHash('sha256')
    .update(JSON.stringify([body.action, ids, filter, body.expected_count ?? null]))
    .digest('hex');

/**
 * POST /api/files/bulk: one action over many files, as a background job (see bulk/bulk-job.ts). The
 * reply comes at once with the job; the Idempotency-Key makes a retried request safe.
 */
export default async function bulkRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/bulk',
    {
      schema: {
        tags: ['files'],
        summary: 'Activate, deactivate, delete (to the trash), restore or purge many files: listed by id, or every file a filter matches',
        security: apiKeySecurity,
        body: bulkBodySchema,
        headers: bulkIdempotencyHeader,
        response: { 202: bulkReplySchema, 409: countDriftResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      if (!key) return fail(reply, 400, KEY_REQUIRED);
      const body = request.body;
      if ((body.ids === undefined) === (body.filter === undefined)) return fail(reply, 400, IDS_OR_FILTER);
      if (body.filter && body.expected_count === undefined) return fail(reply, 400, COUNT_REQUIRED);
      const { accountId } = request;
      const ids = body.ids ? [...new Set(body.ids)] : null;
      const filter = body.filter ? normalFilter(body.filter) : null;
      const requestHash = hashOf(body, ids, filter);

      const earlier = await app.bulkJobs.byKey(accountId, key);
      if (earlier) return answerJob(app, reply, earlier, requestHash);

      let total = ids?.length ?? 0;
      if (filter) {
        total = (await app.files.list(accountId, filterQuery(filter, body.action))).total;
        if (total !== body.expected_count) return fail(reply, 409, countDrift(total, body.expected_count!), { count: total });
      }
      const created = await app.bulkJobs.create(
        { ...(await jobOrigin(app, request, key, requestHash)), action: body.action, filter, total },
        ids,
        enqueueBulkJob(app),
      );
      app.bulkWorker?.poke();
      // Undefined: a concurrent request with the same key stored its job first.
      return answerJob(app, reply, created ?? (await app.bulkJobs.byKey(accountId, key))!, requestHash);
    },
  );
}
