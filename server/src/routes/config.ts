import { publicBase } from '../plugins/public-base';
import { fail, ok } from '../plugins/errors';
import { playerParamsQuery, readPlayerParams } from '../../../src/contract/player-params';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { configReplySchema, embedBodySchema, embedReplySchema } from '../schemas/config';
import type { RouteApp } from '../schemas/route-types';
import { readAccess, storedAccess } from '../db/files';
import { playerAccessProblem } from '../../../src/contract/player-access';
import { queueDownloadsJob } from '../pipeline/file-downloads';

export const NOTHING_TO_SAVE = 'Nothing to save: send player.embed, player.access and/or downloads';

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
      const downloads = await app.accounts.downloadsAllowed(request.accountId);
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
        // Absent until the account sets it: not allowed, as before the setting existed (decision D67).
        ...(downloads === null ? {} : { downloads: { allowed: downloads } }),
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
          "Sets the account's embed defaults (player.embed): what every new snippet of its files starts from; and/or where its files' players may play unless a file says otherwise (player.access); and/or whether its files may be downloaded unless a file says otherwise (downloads.allowed: their MP4 and M4A are made or removed by a job)",
        security: apiKeySecurity,
        body: embedBodySchema,
        response: { 200: embedReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { embed, access } = request.body.player ?? {};
      const { downloads } = request.body;
      if (!embed && !access && !downloads) return fail(reply, 400, NOTHING_TO_SAVE);
      const problem = access ? playerAccessProblem(access) : null;
      if (problem) return fail(reply, 400, problem);
      // Stored as the player's own query string: what the player reads back is what was saved.
      if (embed) await app.accounts.setEmbedDefaults(request.accountId, playerParamsQuery(embed));
      if (access) {
        await app.accounts.setPlayerAccess(request.accountId, storedAccess(access)!);
        app.playerAccessChanged(request.accountId);
      }
      if (downloads && (await app.accounts.downloadsAllowed(request.accountId)) !== downloads.allowed) {
        // Every file that follows the account's setting gets or loses its downloads, by one job.
        await app.db.transaction(async (tx) => {
          await app.accounts.setDownloadsAllowed(request.accountId, downloads.allowed, tx);
          await queueDownloadsJob(tx, app.jobs, request.accountId, { account_id: request.accountId });
        });
        app.bulkWorker?.poke();
      }
      const saved = readPlayerParams(new URLSearchParams(await app.accounts.embedDefaults(request.accountId)));
      const message = embed ? 'Embed defaults saved' : access ? 'Player access saved' : 'Downloads setting saved';
      return ok(message, { player: { embed: saved, ...(access ? { access } : {}) }, ...(downloads ? { downloads } : {}) });
    },
  );
}
