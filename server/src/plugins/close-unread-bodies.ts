import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A reply sent before its request's body has all arrived (a 503 mid-upload, a 413, a refused key on a
 * large PUT) closes the connection after it. Otherwise the rest of the body waits in a paused stream
 * that nothing reads any more: the client cannot send its next request on that connection, and the
 * server's graceful stop waits for it until a timeout (a minute). Set when the head is written, so
 * replies a route writes itself (tus hijacks the reply) are covered too.
 */
async function closeUnreadBodies(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    // Only a request that carries a body can have one left unread: GETs of playlists and segments pass by.
    const { 'content-length': length, 'transfer-encoding': chunked } = request.headers;
    if (chunked === undefined && (length === undefined || length === '0')) return;
    const raw = reply.raw;
    const writeHead = raw.writeHead;
    raw.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
      if (!request.raw.complete && !this.headersSent) this.setHeader('connection', 'close');
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
  });
}

export default fp(closeUnreadBodies, { name: 'close-unread-bodies' });
