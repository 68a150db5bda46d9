import type { FastifyInstance, FastifyReply } from 'fastify';
import { ownerOfMediaKey } from '../media/file-media';
import { isMediaKey } from '../media/media-store';
import { MEDIA_NOT_FOUND, VIDEO_DELETED } from '../schemas/messages';
import { fail } from './errors';

/**
 * Sends an object of the media store with HTTP range requests and a year's cache: every object's key
 * holds a random folder name made when it was written, so a key's content never changes. A file's own
 * media (`files/<file_id>-…/`) is served only while the file is live, as its player page: 410 while
 * it is in the trash (again 200 once restored), 404 once purged; those answers are never cached.
 * Asked per request of a per-node memory (plugins/media-serving.ts), not of the database.
 */
export async function sendMedia(app: FastifyInstance, reply: FastifyReply, key: string): Promise<FastifyReply> {
  if (!isMediaKey(key) || key.endsWith('/') || key.startsWith('uploads/')) return fail(reply, 404, MEDIA_NOT_FOUND);
  const owner = ownerOfMediaKey(key);
  const state = owner === null ? 'live' : await app.servingState(owner);
  if (state === 'trashed') return fail(reply.header('cache-control', 'no-store'), 410, VIDEO_DELETED);
  if (state === 'gone') return fail(reply.header('cache-control', 'no-store'), 404, MEDIA_NOT_FOUND);
  reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
  return reply.sendFile(key, app.settings.mediaDir, { maxAge: 365 * 24 * 3600 * 1000, immutable: true, acceptRanges: true });
}
