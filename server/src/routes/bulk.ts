import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BulkAction, BulkSetRequest } from '../../../src/contract/bulk-request';
import { playerAccessProblem } from '../../../src/contract/player-access';
import { filterQuery } from '../bulk/bulk-job';
import type { BulkFilter } from '../db/bulk-jobs-repository';
import { storedAccess } from '../db/files';
import type { StoredValues } from '../db/files-repository';
import { SCHEDULE_NOT_A_TIME, scheduleProblem, scheduleTime } from '../schedules/schedule-times';
import { answerJob, enqueueBulkJob, idempotencyKeyOf, jobOrigin } from '../plugins/bulk-requests';
import { fail } from '../plugins/errors';
import { bulkBodySchema, bulkIdempotencyHeader, bulkReplySchema, bulkSetBodySchema, countDriftResponse } from '../schemas/bulk';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { KEY_REQUIRED } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';

export const IDS_OR_FILTER = 'Send either ids or filter (with expected_count)';
export const COUNT_REQUIRED = 'expected_count is required with a filter';
export const countDrift = (count: number, expected: number): string =>
  `The filter now matches ${count} files, not ${expected}: nothing was changed`;

export const ONE_VALUE = "Send either player_access (a setting, or null for the account's default) or schedule";
export const SCHEDULE_REQUIRED = 'schedule needs activate_at, deactivate_at or both (an ISO-8601 time, or null to clear)';

/**
 * The job a POST /api/files/bulk/set asks for and the values it writes, as rows store them, checked as
 * the single-file route checks them (a time must be in the future, the deactivation after the
 * activation when both are given); `{ error }` is the 400's message.
 */
export function requestValues(
  body: BulkSetRequest,
  now: number,
): { action: 'set_player_access' | 'set_schedule'; values: StoredValues } | { error: string } {
  const { player_access, schedule } = body;
  if ((player_access === undefined) === (schedule === undefined)) return { error: ONE_VALUE };
  if (player_access !== undefined) {
    const problem = player_access && playerAccessProblem(player_access);
    return problem ? { error: problem } : { action: 'set_player_access', values: { player_access: storedAccess(player_access) } };
  }
  if (!schedule || (schedule.activate_at === undefined && schedule.deactivate_at === undefined)) return { error: SCHEDULE_REQUIRED };
  const values: StoredValues = {};
  for (const key of ['activate_at', 'deactivate_at'] as const) {
    const time = scheduleTime(schedule[key]);
    if (time === 'invalid') return { error: SCHEDULE_NOT_A_TIME };
    if (time !== undefined) values[key] = time;
  }
  // Against a file with no schedule: each time in the future, the two in order when both are given.
  const problem = scheduleProblem({ activate_at: null, deactivate_at: null }, values, now);
  return problem ? { error: problem } : { action: 'set_schedule', values };
}

/** The filter as stored and compared: only what narrows, in one order (an empty search is no search). */
const normalFilter = (filter: BulkFilter): BulkFilter => ({
  search: filter.search?.trim() || undefined,
  isActive: filter.isActive,
  file_status: filter.file_status,
  scheduled: filter.scheduled,
});

/** The files of a request: ids, or a filter with the count the client showed. */
interface Targets {
  ids?: number[] | undefined;
  filter?: BulkFilter | undefined;
  expected_count?: number | undefined;
}

/**
 * What a replay must repeat to get the same job: the action, the files it names and (a set_… job) the
 * values it writes. A job without values hashes as it always has.
 */
const hashOf = (action: BulkAction, body: Targets, ids: number[] | null, filter: BulkFilter | null, values: StoredValues | null) =>
  createHash('sha256')
    .update(JSON.stringify([action, ids, filter, body.expected_count ?? null, ...(values ? [values] : [])]))
    .digest('hex');

/**
 * POST /api/files/bulk: one action over many files, as a background job (see bulk/bulk-job.ts). The
 * reply comes at once with the job; the Idempotency-Key makes a retried request safe.
 */
export default async function bulkRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  /** A new job (or, for a replayed key, the one it made): checks what both routes share, then stores and queues it. */
  async function createJob(
    request: FastifyRequest,
    reply: FastifyReply,
    action: BulkAction,
    body: Targets,
    values: StoredValues | null,
  ): Promise<unknown> {
    const key = idempotencyKeyOf(request);
    if (!key) return fail(reply, 400, KEY_REQUIRED);
    if ((body.ids === undefined) === (body.filter === undefined)) return fail(reply, 400, IDS_OR_FILTER);
    if (body.filter && body.expected_count === undefined) return fail(reply, 400, COUNT_REQUIRED);
    const { accountId } = request;
    const ids = body.ids ? [...new Set(body.ids)] : null;
    const filter = body.filter ? normalFilter(body.filter) : null;
    const requestHash = hashOf(action, body, ids, filter, values);

    const earlier = await app.bulkJobs.byKey(accountId, key);
    if (earlier) return answerJob(app, reply, earlier, requestHash);

    let total = ids?.length ?? 0;
    if (filter) {
      total = (await app.files.list(accountId, filterQuery(filter, action))).total;
      if (total !== body.expected_count) return fail(reply, 409, countDrift(total, body.expected_count!), { count: total });
    }
    const created = await app.bulkJobs.create(
      { ...(await jobOrigin(app, request, key, requestHash)), action, filter, params: values, total },
      ids,
      enqueueBulkJob(app),
    );
    app.bulkWorker?.poke();
    // Undefined: a concurrent request with the same key stored its job first.
    return answerJob(app, reply, created ?? (await app.bulkJobs.byKey(accountId, key))!, requestHash);
  }

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
    (request, reply) => createJob(request, reply, request.body.action, request.body, null),
  );

  app.post(
    '/bulk/set',
    {
      schema: {
        tags: ['files'],
        summary:
          "Set the player access or the schedule of many files, as PUT /api/files/{id} would on each: listed by id, or every file a filter matches (job action set_player_access or set_schedule; its undo writes back each file's value from before)",
        security: apiKeySecurity,
        body: bulkSetBodySchema,
        headers: bulkIdempotencyHeader,
        response: { 202: bulkReplySchema, 409: countDriftResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!idempotencyKeyOf(request)) return fail(reply, 400, KEY_REQUIRED);
      const set = requestValues(request.body, app.clock());
      if ('error' in set) return fail(reply, 400, set.error);
      return createJob(request, reply, set.action, request.body, set.values);
    },
  );
}
