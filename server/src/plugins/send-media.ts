import type { FastifyInstance, FastifyReply } from 'fastify';
import { isDownloadKey } from '../media/download-media';
import { ownerOfMediaKey } from '../media/file-media';
import { isMediaKey } from '../media/media-store';
import { S3MediaStore } from '../media/s3-media-store';
import { answeredByValidators, IMMUTABLE, sendStoredObject } from '../media/send-stored-object';
import { MEDIA_NOT_FOUND, VIDEO_DELETED } from '../schemas/messages';
import { fail } from './errors';
import { mediaRefusal } from '../player/player-access-check';
import { signedRefusalMessage, siteRefusalMessage } from '../player/refusal-texts';
import { mediaCredentialRefusal } from '../player/signed-access';

/** Images (a thumbnail, a storyboard sprite) are shown by the kit's lists and the poster: no player access applies. */
const IMAGE = /\.jpe?g$/;

/**
 * Sends an object of the media store with HTTP range requests and a year's cache: every object's key
 * holds a random folder name made when it was written, so a key's content never changes. A file's own
 * media (`files/<file_id>-…/`) is served only while the file is live, as its player page: 410 while
 * it is in the trash (again 200 once restored), 404 once purged; those answers are never cached.
 * Asked per request of a per-node memory (plugins/media-serving.ts), not of the database. The bytes come
 * from the folder, or streamed from the bucket (send-stored-object.ts), or from VP_MEDIA_PUBLIC_URL (a redirect).
 */
export async function sendMedia(app: FastifyInstance, reply: FastifyReply, key: string): Promise<FastifyReply> {
  // A download is served only by its player route, which asks whether the file may be downloaded (D67).
  if (!isMediaKey(key) || key.endsWith('/') || key.startsWith('uploads/') || isDownloadKey(key)) return fail(reply, 404, MEDIA_NOT_FOUND);
  const owner = ownerOfMediaKey(key);
  const state = owner === null ? 'live' : await app.servingState(owner);
  if (state === 'trashed') return fail(reply.header('cache-control', 'no-store'), 410, VIDEO_DELETED);
  if (state === 'gone') return fail(reply.header('cache-control', 'no-store'), 404, MEDIA_NOT_FOUND);
  // Where its player may play (issue 40): a playlist or segment fetched for a site it may not play on is refused.
  const access = owner === null || IMAGE.test(key) ? null : await app.playerAccess(owner);
  const refused = access && mediaRefusal(access, reply.request, app.settings.playerOwnOrigins);
  if (refused) return fail(reply.header('cache-control', 'no-store'), 403, siteRefusalMessage(refused));
  const unsigned = access?.signed && mediaCredentialRefusal(app.settings, reply.request, owner!, app.clock() / 1000);
  if (unsigned) return fail(reply.header('cache-control', 'no-store'), 403, signedRefusalMessage(unsigned));
  // A restricted file's media may be kept by the browser, not by a shared cache that would serve any site.
  const sharedCache = !access || (access.embed === 'anywhere' && access.allow_no_referrer && !access.signed);
  reply.header('cross-origin-resource-policy', 'cross-origin').header('access-control-allow-origin', '*');
  // VP_MEDIA_PUBLIC_URL: the bytes come from there (a CDN, a public bucket); this node only checks the file's state.
  if (app.settings.mediaPublicUrl) return reply.header('cache-control', 'no-store').redirect(`${app.settings.mediaPublicUrl}/${key}`, 302);
  const cacheControl = sharedCache ? SHARED : PRIVATE;
  // A whole read (a player's segment) from this node's copy, with the bucket's validators; a range keeps
  // the bucket's exact answers (416 with the size).
  const copy = reply.request.headers.range ? undefined : app.mediaCache?.get(key);
  if (copy) {
    if (answeredByValidators(reply.header('cache-control', cacheControl), copy)) return reply.code(304).send();
    return reply.sendFile(key, app.mediaCache!.dir, { cacheControl: false, etag: false, lastModified: false, acceptRanges: true });
  }
  if (app.media instanceof S3MediaStore) {
    return sendStoredObject(app.media, reply, key, { cacheControl, keep: app.mediaCache }).catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'NoSuchKey') throw err;
      reply.callNotFound(); // as sendFile answers a missing file
      return reply;
    });
  }
  return sendFromFolder(reply, key, app.settings.mediaDir, cacheControl);
}

/** A file's media anyone may keep (any shared cache, a CDN), or only the viewer's browser. */
const SHARED = IMMUTABLE;
const PRIVATE = 'private, max-age=31536000, immutable';

/** An object of the folder store. */
function sendFromFolder(reply: FastifyReply, key: string, root: string, cacheControl: string): FastifyReply {
  return reply.header('cache-control', cacheControl).sendFile(key, root, { cacheControl: false, acceptRanges: true });
}

/**
 * Sends a file's download (decision D67) as an attachment named `filename`, with range requests, from
 * this node whatever the store (a redirect to VP_MEDIA_PUBLIC_URL would lose the attachment's name).
 * Never cached for long: the file's setting is asked again at each download. The caller checked the
 * file, its setting and its player access.
 */
export async function sendDownload(app: FastifyInstance, reply: FastifyReply, key: string, filename: string): Promise<FastifyReply> {
  reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-cache')
    .header('cross-origin-resource-policy', 'cross-origin');
  if (app.media instanceof S3MediaStore) {
    return sendStoredObject(app.media, reply, key, { cacheControl: null }).catch((err: unknown) => {
      if ((err as { name?: string }).name !== 'NoSuchKey') throw err;
      return fail(reply, 404, MEDIA_NOT_FOUND);
    });
  }
  if (key.endsWith('.m4a')) reply.type('audio/mp4');
  return reply.sendFile(key, app.settings.mediaDir, { cacheControl: false, acceptRanges: true });
}
