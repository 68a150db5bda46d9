import { apiKeyOf } from '../plugins/authentication';
import { fail, ok } from '../plugins/errors';
import { beatBodySchema, beatResponses } from '../schemas/beats';
import type { RouteApp } from '../schemas/route-types';

/** A beat's body is a few hundred bytes. */
const BODY_LIMIT = 2_048;
/** A host as a Referer names it (`example.com`, `127.0.0.1:8080`, `[::1]:3000`); anything else is not kept. */
const HOST = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/;
/** An ISO 3166 alpha-2 code, as proxies write it. */
const COUNTRY = /^[A-Z]{2}$/;

export const BEAT_NOT_PLAYABLE = 'This video is not available';
export const BEAT_SERVER_BUSY = 'Too many view beats are waiting to be stored. Try again later.';

/**
 * POST /api/beats: the player page's view beats (decision D54). No key: any viewer sends them; a
 * request that carries one is an operator's and is never counted. Nothing identifies the viewer: no
 * cookie is read or set, the address is only the rate limit's (in memory, or its counter's key), and
 * the country is kept only from the header a trusted proxy sets (VP_COUNTRY_HEADER).
 */
export default async function beatRoutes(app: RouteApp): Promise<void> {
  app.post(
    '/',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['analytics'],
        summary:
          'A view beat of the player page (navigator.sendBeacon, no key): every 10 s while playing and on pause, end and page hide. A view is a page load that played 3 s or reached the end; a request with an API key is never counted; an impossible beat (more seconds played than elapsed, a position past the end) is refused with 422',
        body: beatBodySchema,
        response: beatResponses,
      },
    },
    async (request, reply) => {
      const beat = request.body;
      const file = await app.files.getBySlug(beat.file);
      if (!file?.is_active || file.deleted_at !== null) return fail(reply, 404, BEAT_NOT_PLAYABLE);
      const problem = app.beatCheck.problem(beat, file.file_id, file.file_duration, app.clock());
      if (problem) return fail(reply, 422, problem);
      if (apiKeyOf(request)) return reply.code(202).send(ok('Beat received; not counted: the request carries an API key'));
      const host = beat.host.trim().toLowerCase();
      const country = app.settings.countryHeader
        ? String(request.headers[app.settings.countryHeader] ?? '')
            .trim()
            .toUpperCase()
        : '';
      const stored = app.beatBuffer.add({
        fileId: file.file_id,
        sessionId: beat.session,
        at: app.clock(),
        position: beat.position,
        played: beat.played,
        duration: file.file_duration,
        ended: beat.ended,
        host: HOST.test(host) ? host : '',
        country: COUNTRY.test(country) ? country : '',
      });
      if (!stored) return fail(reply, 429, BEAT_SERVER_BUSY);
      return reply.code(202).send(ok('Beat received'));
    },
  );
}
