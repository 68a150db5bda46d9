import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../plugins/errors';
import { FILE_NOT_FOUND } from './files';
import { apiKeySecurity, envelope, errorResponses, idParam } from './schemas';

const activitySchema = {
  type: 'object',
  required: ['activity_id', 'at', 'actor', 'source', 'action', 'detail'],
  properties: {
    activity_id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    actor: { type: 'string', description: 'The account that made the change' },
    source: { type: 'string', enum: ['panel', 'api', 'pipeline', 'cli', 'retention'] },
    action: {
      type: 'string',
      enum: [
        'update',
        'trash',
        'restore',
        'purge',
        'subtitle_add',
        'subtitle_update',
        'subtitle_trash',
        'subtitle_restore',
        'subtitle_purge',
      ],
    },
    detail: {
      type: 'object',
      additionalProperties: true,
      description: 'update: {field: {before, after}} for file_title, file_slug, isActive; subtitle_*: {sub_id, sub_lang, format, sha256}',
    },
  },
} as const;

/** GET /api/files/:id/activity: the file's append-only log (there is no route that changes or deletes an entry). */
export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Params: { id: number }; Querystring: { limit: number; before?: number } }>(
    '/:id/activity',
    {
      schema: {
        tags: ['files'],
        summary: "A file's activity, newest first: who changed what, when, from where (live or trashed files)",
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
          200: envelope({ type: 'object', required: ['activity'], properties: { activity: { type: 'array', items: activitySchema } } }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { accountId } = request;
      const fileId = request.params.id;
      if (!(await app.files.get(accountId, fileId)) && !(await app.files.getTrashed(accountId, fileId)))
        return fail(reply, 404, FILE_NOT_FOUND);
      const activity = await app.activity.list(accountId, fileId, request.query.limit, request.query.before);
      return ok(activity.length ? 'Activity loaded' : 'No activity yet', { activity });
    },
  );
}
