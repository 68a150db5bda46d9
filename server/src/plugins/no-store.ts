import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../lib/route-path';

/**
 * API replies hold one account's data and answer for one key: no browser or shared cache may keep
 * them (a later user of the same machine or proxy would see them). Set on the raw response when the
 * request arrives, so that replies a route writes itself (tus uploads hijack the reply) carry it too;
 * a route that sets its own Cache-Control still wins (Fastify's headers override the raw ones).
 */
async function noStore(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    if (isApiRequest(request)) reply.raw.setHeader('cache-control', 'no-store');
  });
}

export default fp(noStore, { name: 'no-store' });
