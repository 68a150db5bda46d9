import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../lib/route-path';
import { hashApiKey } from '../lib/tokens';
import { apiKeyOf } from './authentication';

/** A request with an API key counts for that key; one without counts for its address. */
function bucketOf(request: FastifyRequest): string {
  const key = apiKeyOf(request);
  return key ? `key:${hashApiKey(key).toString('hex')}` : `address:${normalizeIP(request.ip)}`;
}

/**
 * At most `perMinute` API requests a minute per key and per address (429 envelope with Retry-After).
 * Pages, the player, images and the kit's files are not counted. On PostgreSQL the counters are in
 * the database, shared by every node; on SQLite (one server) they stay in memory.
 */
async function requestRateLimit(app: FastifyInstance, { perMinute }: { perMinute: number }): Promise<void> {
  const shared = app.db.rateLimitStore;
  await app.register(rateLimit, {
    global: false, // added below as a root hook instead, so that it runs before authentication
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: bucketOf,
    allowList: (request) => !isApiRequest(request), // by the matched route: an encoded path is no way around it
    ...(shared ? { store: shared } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`), {
        statusCode: context.statusCode,
      }),
  });
  // A root hook runs before every route's own hooks: requests with a wrong key are counted too.
  app.addHook('onRequest', app.rateLimit());
}

export default fp(requestRateLimit, { name: 'rate-limit', dependencies: ['database'] });
