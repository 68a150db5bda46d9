import { isSiteName } from '../../../src/contract/player-access';
import { fail, ok } from '../plugins/errors';
import { sign } from '../player/signed-links';
import { apiKeySecurity, errorResponses, idParam } from '../schemas/common';
import { playerTokenBodySchema, playerTokenReplySchema } from '../schemas/player-tokens';
import { FILE_NOT_FOUND } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';
import { publicBase } from '../plugins/public-base';

export const SIGNING_OFF = 'Signed links are off on this server: set VP_SIGNING_SECRET';

/** POST /api/files/:id/player-token: a signed, expiring link to a file's player (issue 40; server/src/player/signed-links.ts). */
export default async function playerTokenRoutes(app: RouteApp): Promise<void> {
  app.post(
    '/:id/player-token',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['player'],
        summary:
          "A signed link to a file's player, valid for expires_in seconds (optionally only framed by one site): what a signed file's page and media need (?token=). It bounds when a player may start, not a film in progress",
        security: apiKeySecurity,
        params: idParam('id'),
        body: playerTokenBodySchema,
        response: { 200: playerTokenReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { expires_in: expiresIn, site } = request.body;
      if (!app.settings.signingSecrets.length) return fail(reply, 409, SIGNING_OFF);
      if (expiresIn > app.settings.playerTokenMaxSeconds)
        return fail(reply, 400, `expires_in must be at most ${app.settings.playerTokenMaxSeconds} seconds (VP_PLAYER_TOKEN_MAX_DAYS)`);
      if (site !== undefined && !isSiteName(site))
        return fail(reply, 400, `Not a host name: "${site.slice(0, 100)}" (write it as example.com, or *.example.com for its subdomains)`);
      const file = await app.files.get(request.accountId, request.params.id);
      if (!file) return fail(reply, 404, FILE_NOT_FOUND);
      const expiresAt = Math.floor(app.clock() / 1000) + expiresIn;
      const token = sign(app.settings.signingSecrets[0]!, 'link', { f: file.file_id, e: expiresAt, ...(site ? { s: site } : {}) });
      return ok('Player link signed', {
        token,
        expires_at: new Date(expiresAt * 1000).toISOString(),
        url: `${publicBase(app, request)}/player/${encodeURIComponent(file.file_slug)}?token=${encodeURIComponent(token)}`,
      });
    },
  );
}
