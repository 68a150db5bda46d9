import { publicBase } from '../plugins/public-base';
import { fail, ok } from '../plugins/errors';
import { playerParamsQuery, readPlayerParams } from '../../../src/contract/player-params';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { configReplySchema, embedBodySchema, embedReplySchema } from '../schemas/config';
import type { RouteApp } from '../schemas/route-types';
import { readAccess, storedAccess } from '../db/files';
import { playerAccessProblem } from '../../../src/contract/player-access';

export default async function configRoutes(app: RouteApp): Promise<void> {
  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['config'],
        summary: 'Player domain, player UI defaults and the image host for this account',
        security: apiKeySecurity,
        response: { 200: configReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const base = publicBase(app, request);
      const access = readAccess(await app.accounts.playerAccess(request.accountId));
      return ok('Config loaded', {
        player: {
          domain: `${base}/player/`,
          ui: { primaryColor: '#1976d2', autoplay: false, controls: true },
          embed: readPlayerParams(new URLSearchParams(await app.accounts.embedDefaults(request.accountId))),
          // Absent until the account sets one: anywhere, as before the setting existed.
          ...(access ? { access } : {}),
        },
        imageHost: `${base}/images/`,
        token: null,
        trash: { days: app.settings.trashDays },
        account: { username: (await app.accounts.findById(request.accountId))?.username ?? '' },
      });
    },
  );

  app.put(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['config'],
        summary:
          "Sets the account's embed defaults (player.embed): what every new snippet of its files starts from; and/or where its files' players may play unless a file says otherwise (player.access)",
        security: apiKeySecurity,
        body: embedBodySchema,
        response: { 200: embedReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { embed, access } = request.body.player;
      if (!embed && !access) return fail(reply, 400, 'Nothing to save: send player.embed and/or player.access');
      const problem = access ? playerAccessProblem(access) : null;
      if (problem) return fail(reply, 400, problem);
      // Stored as the player's own query string: what the player reads back is what was saved.
      if (embed) await app.accounts.setEmbedDefaults(request.accountId, playerParamsQuery(embed));
      if (access) {
        await app.accounts.setPlayerAccess(request.accountId, storedAccess(access)!);
        app.playerAccessChanged(request.accountId);
      }
      const saved = readPlayerParams(new URLSearchParams(await app.accounts.embedDefaults(request.accountId)));
      return ok(embed ? 'Embed defaults saved' : 'Player access saved', { player: { embed: saved, ...(access ? { access } : {}) } });
    },
  );
}
