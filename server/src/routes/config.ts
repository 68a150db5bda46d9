import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../plugins/errors';
import { playerParamsQuery, readPlayerParams, type PlayerParams } from '../../../src/contract/player-params';
import { apiKeySecurity, envelope, errorResponses } from '../schemas/common';
import { EMBED_SCHEMA } from '../schemas/config';

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
                  embed: EMBED_SCHEMA,
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
        player: {
          domain: `${base}/player/`,
          ui: { primaryColor: '#1976d2', autoplay: false, controls: true },
          embed: readPlayerParams(new URLSearchParams(await app.accounts.embedDefaults(request.accountId))),
        },
        imageHost: `${base}/images/`,
        token: null,
        trash: { days: app.settings.trashDays },
        account: { username: (await app.accounts.findById(request.accountId))?.username ?? '' },
      });
    },
  );

  app.put<{ Body: { player: { embed: PlayerParams } } }>(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['config'],
        summary: "Sets the account's embed defaults (player.embed): what every new snippet of its files starts from",
        security: apiKeySecurity,
        body: {
          type: 'object',
          required: ['player'],
          additionalProperties: false,
          properties: { player: { type: 'object', required: ['embed'], additionalProperties: false, properties: { embed: EMBED_SCHEMA } } },
        },
        response: {
          200: envelope({
            type: 'object',
            required: ['player'],
            properties: { player: { type: 'object', properties: { embed: EMBED_SCHEMA } } },
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      // Stored as the player's own query string: what the player reads back is what was saved.
      const params = playerParamsQuery(request.body.player.embed);
      await app.accounts.setEmbedDefaults(request.accountId, params);
      return ok('Embed defaults saved', { player: { embed: readPlayerParams(new URLSearchParams(params)) } });
    },
  );
}
