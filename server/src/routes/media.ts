import { sendMedia } from '../plugins/send-media';
import { errorResponses } from '../schemas/common';
import { mediaPathParams, mediaResponses } from '../schemas/media';
import type { RouteApp } from '../schemas/route-types';

/** `/media/<key>`: renditions (HLS playlists and segments) and images, served by any node. */
export default async function mediaRoutes(app: RouteApp): Promise<void> {
  app.get(
    '/*',
    {
      schema: {
        tags: ['player'],
        summary:
          "Media of processed files: HLS playlists and segments, thumbnails, storyboard sprites (range requests, cached a year); a file's own media answers 410 while the file is in the trash, 404 once it is purged",
        params: mediaPathParams,
        produces: ['application/vnd.apple.mpegurl', 'video/mp2t', 'image/jpeg'],
        response: { ...mediaResponses, ...errorResponses },
      },
    },
    async (request, reply) => sendMedia(app, reply, request.params['*']),
  );
}
