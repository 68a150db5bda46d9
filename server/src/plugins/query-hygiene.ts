import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from './errors';

/** Query strings as people type them: empty values are absent, and no number is Infinity. */
async function queryHygiene(app: FastifyInstance): Promise<void> {
  // Empty query values count as absent (`?isActive=` is "no filter", not "isActive must be 0 or 1").
  app.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') {
      for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
    }
  });

  // Ajv coerces "Infinity" to a number that passes `integer`; no route wants one.
  app.addHook('preHandler', async (request, reply) => {
    for (const part of [request.query, request.params] as unknown[]) {
      if (!part || typeof part !== 'object') continue;
      for (const [key, value] of Object.entries(part)) {
        if (typeof value === 'number' && !Number.isSafeInteger(value)) return fail(reply, 400, `${key} must be an integer`);
      }
    }
  });
}

export default fp(queryHygiene, { name: 'query-hygiene' });
