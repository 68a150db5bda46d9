import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withNodeLocalBuckets } from '../db/rate-limit-store';
import { isApiRequest, isUnder, routePath } from '../lib/route-path';
import { hashApiKey } from '../lib/tokens';
import { apiKeyOf } from './authentication';

/** The view beats' buckets: counted in each node's memory, never in the database (decision D64). */
const BEATS = 'beats:';
const isBeatsBucket = (bucket: string): boolean => bucket.startsWith(BEATS);

/** A request with an API key counts for that key; one without counts for its address (a view beat: its own bucket). */
function bucketOf(request: FastifyRequest): string {
  const key = apiKeyOf(request);
  if (key) return `key:${hashApiKey(key).toString('hex')}`;
  const address = `address:${normalizeIP(request.ip)}`;
  return isUnder(routePath(request), '/api/beats') ? `${BEATS}${address}` : address;
}

/**
 * At most `perMinute` API requests a minute per key and per address (429 envelope with Retry-After).
 * Pages, the player, images and the kit's files are not counted. On PostgreSQL the counters are in
 * the database, shared by every node, except the view beats' (one per viewer every 10 s): each node
 * counts those per address in memory. On SQLite (one server) every counter stays in memory.
 */
async function requestRateLimit(app: FastifyInstance, { perMinute }: { perMinute: number }): Promise<void> {
  const shared = app.db.rateLimitStore;
  await app.register(rateLimit, {
    global: false, // added below as a root hook instead, so that it runs before authentication
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: bucketOf,
    allowList: (request) => !isApiRequest(request), // by the matched route: an encoded path is no way around it
    ...(shared ? { store: withNodeLocalBuckets(shared, isBeatsBucket) } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`), {
        statusCode: context.statusCode,
      }),
  });
  // A root hook runs before every route's own hooks: requests with a wrong key are counted too.
  app.addHook('onRequest', app.rateLimit());
}

export default fp(requestRateLimit, { name: 'rate-limit', dependencies: ['database'] });
