import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, errorResponses, idParam } from '../schemas/common';
import { activityQuerySchema, activityReplySchema } from '../schemas/activity';
import { FILE_NOT_FOUND } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';

/** GET /api/files/:id/activity: the file's append-only log (there is no route that changes or deletes an entry). */
export default async function activityRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/activity',
    {
      schema: {
        tags: ['files'],
        summary:
          "A file's activity, newest first: who changed what, when, from where (live, trashed, and purged files until VP_ACTIVITY_DAYS)",
        security: apiKeySecurity,
        params: idParam('id'),
        querystring: activityQuerySchema,
        response: { 200: activityReplySchema, ...errorResponses },
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
