import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../lib/route-path';

/**
 * API replies hold one account's data and answer for one key: no browser or shared cache may keep
 * them (a later user of the same machine or proxy would see them).
 */
async function noStore(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

export default fp(noStore, { name: 'no-store' });
