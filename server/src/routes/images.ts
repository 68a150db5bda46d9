import { placeholderSvg } from '../lib/placeholder-image';
import { MEDIA_IMAGE_PREFIX } from '../media/file-media';
import { fail } from '../plugins/errors';
import { sendMedia } from '../plugins/send-media';
import { errorResponses } from '../schemas/common';
import { imageResponse, mediaPathParams } from '../schemas/media';
import type { RouteApp } from '../schemas/route-types';

/**
 * The images file_image / file_slide name (relative to config imageHost): a processed file's JPEGs in
 * the media store (`media/…`), or generated placeholders for the seeded names; anything else is a
 * 404 (the kit's fallback).
 */
export default async function imageRoutes(app: RouteApp): Promise<void> {
  app.get(
    '/*',
    {
      schema: {
        tags: ['images'],
        summary: 'Images that file_image / file_slide point at (JPEGs of processed files, or generated SVG placeholders)',
        params: mediaPathParams,
        produces: ['image/jpeg', 'image/svg+xml'],
        response: { 200: imageResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      if (name.startsWith(MEDIA_IMAGE_PREFIX)) return sendMedia(app, reply, name.slice(MEDIA_IMAGE_PREFIX.length));
      const svg = placeholderSvg(name);
      if (svg === null) return fail(reply, 404, 'Image not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(svg);
    },
  );
}
