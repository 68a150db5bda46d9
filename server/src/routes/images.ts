import type { FastifyInstance } from 'fastify';
import { placeholderSvg } from '../lib/placeholder-image';
import { fail } from '../plugins/errors';
import { errorResponses } from './schemas';

/** Generated placeholders for the seeded image names; anything else is a 404 (the kit's fallback). */
export default async function imageRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { '*': string } }>(
    '/*',
    {
      schema: {
        tags: ['images'],
        summary: 'Images that file_image / file_slide point at (generated SVG placeholders)',
        params: { type: 'object', properties: { '*': { type: 'string', maxLength: 300 } } },
        produces: ['image/svg+xml'],
        response: { 200: { type: 'string', description: 'SVG' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const svg = placeholderSvg(request.params['*']);
      if (svg === null) return fail(reply, 404, 'Image not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg);
    },
  );
}
