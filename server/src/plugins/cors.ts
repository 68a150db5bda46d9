import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCors from '@fastify/cors';

/** CORS for the listed exact origins only (none: CORS stays off, the kit is served same-origin). */
async function cors(app: FastifyInstance, { origins }: { origins: string[] }): Promise<void> {
  if (!origins.length) return;
  await app.register(fastifyCors, {
    origin: origins,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['x-apikey', 'authorization', 'content-type', 'if-match', 'x-vp-source', 'idempotency-key'],
    // A reply's ETag goes back as If-Match on the next edit; X-Last-Event-Id is where the kit's event stream starts.
    exposedHeaders: ['etag', 'x-last-event-id'],
    maxAge: 600,
  });
}

export default fp(cors, { name: 'cors' });
