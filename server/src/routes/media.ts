import type { FastifyInstance, FastifyReply } from 'fastify';
import { isMediaKey } from '../media/media-store';
import { fail } from '../plugins/errors';
import { errorResponses } from '../schemas/common';
import { mediaPathParams, mediaResponses } from '../schemas/media';
import type { RouteApp } from '../schemas/route-types';

export const MEDIA_NOT_FOUND = 'Media not found';

/**
 * Sends an object of the media store with HTTP range requests and a year's cache: every object's key
 * holds a random folder name made when it was written, so a key's content never changes.
 */
export function sendMedia(app: FastifyInstance, reply: FastifyReply, key: string): FastifyReply {
  if (!isMediaKey(key) || key.endsWith('/') || key.startsWith('uploads/')) return fail(reply, 404, MEDIA_NOT_FOUND);
  reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
  return reply.sendFile(key, app.settings.mediaDir, { maxAge: 365 * 24 * 3600 * 1000, immutable: true, acceptRanges: true });
}

/** `/media/<key>`: renditions (HLS playlists and segments) and images, served by any node. */
export default async function mediaRoutes(app: RouteApp): Promise<void> {
  app.get(
    '/*',
    {
      schema: {
        tags: ['player'],
        summary: 'Media of processed files: HLS playlists and segments, thumbnails, storyboard sprites (range requests, cached a year)',
        params: mediaPathParams,
        produces: ['application/vnd.apple.mpegurl', 'video/mp2t', 'image/jpeg'],
        response: { ...mediaResponses, ...errorResponses },
      },
    },
    async (request, reply) => sendMedia(app, reply, request.params['*']),
  );
}
