import type { FastifyInstance } from 'fastify';

/**
 * API replies hold one account's data and answer for one key: no browser or shared cache may keep
 * them (a later user of the same machine or proxy would see them).
 */
export function noStoreApiReplies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.url === '/api' || request.url.startsWith('/api/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
