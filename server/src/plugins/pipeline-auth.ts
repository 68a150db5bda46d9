import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './errors';

export const PIPELINE_TOKEN_NEEDED = 'This route needs the pipeline token (x-pipeline-token), not an operator key';

/**
 * The pipeline API's check, for the routes of one plugin: every call carries VP_PIPELINE_TOKEN or a
 * live worker token in x-pipeline-token (else 401); `request.pipelineWorker` is the worker token's
 * name (null for the shared token).
 */
export function requirePipelineToken(app: FastifyInstance): void {
  app.decorateRequest('pipelineWorker', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers['x-pipeline-token'];
    const caller = typeof given === 'string' && given ? await app.pipelineCredentials.caller(given) : null;
    if (!caller) return fail(reply, 401, PIPELINE_TOKEN_NEEDED);
    request.pipelineWorker = caller.worker;
  });
}
