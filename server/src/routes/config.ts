import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../plugins/errors';
import { apiKeySecurity, envelope, errorResponses } from './schemas';

/** The public base URL: VP_PUBLIC_URL when set, else the origin the request came to. */
export function publicBase(app: FastifyInstance, request: FastifyRequest): string {
  return (app.settings.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

export default async function configRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['config'],
        summary: 'Player domain, player UI defaults and the image host for this account',
        security: apiKeySecurity,
        response: {
          200: envelope({
            type: 'object',
            required: ['player', 'imageHost', 'token', 'account'],
            properties: {
              account: {
                type: 'object',
                required: ['username'],
                description: 'Who is signed in, so the panel can say it',
                properties: { username: { type: 'string' } },
              },
              player: {
                type: 'object',
                required: ['domain', 'ui'],
                properties: {
                  domain: { type: 'string', description: 'Player link = domain + encodeURIComponent(file_slug)' },
                  ui: {
                    type: 'object',
                    properties: {
                      primaryColor: { type: 'string' },
                      autoplay: { type: 'boolean' },
                      controls: { type: 'boolean' },
                    },
                  },
                },
              },
              imageHost: { type: 'string', description: 'Image URL = imageHost + file_image' },
              token: { type: ['string', 'null'] },
              trash: {
                type: 'object',
                required: ['days'],
                description: 'How long a deleted file or subtitle stays in the trash (the delete dialogs say it)',
                properties: { days: { type: 'integer', description: 'Days before a purge; 0: kept until deleted for good' } },
              },
            },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const base = publicBase(app, request);
      return ok('Config loaded', {
        player: { domain: `${base}/player/`, ui: { primaryColor: '#1976d2', autoplay: false, controls: true } },
        imageHost: `${base}/images/`,
        token: null,
        trash: { days: app.settings.trashDays },
        account: { username: (await app.accounts.findById(request.accountId))?.username ?? '' },
      });
    },
  );
}
