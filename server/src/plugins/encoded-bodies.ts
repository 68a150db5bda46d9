import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from './errors';

/**
 * Bodies must arrive as sent: no parser here decompresses, so a `Content-Encoding` (gzip, br, …) would
 * be read as garbage. Refused up front with 415 before any byte of the body is read.
 */
async function encodedBodies(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding'];
    const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (encoding === undefined || !hasBody) return;
    const codings = encoding.split(',').map((c) => c.trim().toLowerCase());
    if (codings.every((c) => c === '' || c === 'identity')) return;
    return fail(reply, 415, 'Compressed request bodies are not supported: send the body without Content-Encoding');
  });
}

export default fp(encodedBodies, { name: 'encoded-bodies' });
