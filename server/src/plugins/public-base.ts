import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The public base URL: VP_PUBLIC_URL when set, else the origin the request came to. */
export function publicBase(app: FastifyInstance, request: FastifyRequest): string {
  return (app.settings.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
