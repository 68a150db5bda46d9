import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../plugins/errors';
import { FILE_NOT_FOUND } from './files';
import { apiKeySecurity, envelope, errorResponses, idParam } from '../schemas/common';
import { activitySchema } from '../schemas/activity';

/** GET /api/files/:id/activity: the file's append-only log (there is no route that changes or deletes an entry). */
export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Params: { id: number }; Querystring: { limit: number; before?: number } }>(
    '/:id/activity',
    {
      schema: {
        tags: ['files'],
        summary:
          "A file's activity, newest first: who changed what, when, from where (live, trashed, and purged files until VP_ACTIVITY_DAYS)",
        security: apiKeySecurity,
        params: idParam('id'),
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
            before: { type: 'integer', minimum: 1, description: 'Entries older than this activity_id (the next page)' },
          },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['activity', 'purged'],
            properties: {
              activity: { type: 'array', items: activitySchema },
              purged: {
                type: 'boolean',
                description: 'The file was deleted for good: its log stays readable by its account until VP_ACTIVITY_DAYS drops it',
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { accountId } = request;
      const fileId = request.params.id;
      const exists =
        (await app.files.get(accountId, fileId)) !== undefined || (await app.files.getTrashed(accountId, fileId)) !== undefined;
      // A purged file's log (who purged it, and what came before) stays its account's (decision D36);
      // another account finds no entry of its own and gets the same 404 as for any file not its own.
      if (!exists && !(await app.activity.has(accountId, fileId))) return fail(reply, 404, FILE_NOT_FOUND);
      const activity = await app.activity.list(accountId, fileId, request.query.limit, request.query.before);
      if (!exists) return ok('This file was deleted for good; its activity is kept for a while', { activity, purged: true });
      return ok(activity.length ? 'Activity loaded' : 'No activity yet', { activity, purged: false });
    },
  );
}
