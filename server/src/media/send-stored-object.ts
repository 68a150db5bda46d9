import type { FastifyReply } from 'fastify';
import type { NodeMediaCache } from './node-media-cache';
import { RangeNotSatisfiable, type S3MediaStore } from './s3-media-store';

/** What the folder store's replies carry (@fastify/send by extension), for the objects the pipeline writes. */
const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  vtt: 'text/vtt',
};

/** One range of bytes, as S3's GetObject takes it (`a-b`, `a-`, `-n`); several ranges or anything else: the whole object. */
const SINGLE_RANGE = /^bytes=(\d+-\d*|-\d+)$/;

/**
 * `bytes=-n` (the last n bytes) as `bytes=a-b`: not every S3-compatible store reads a suffix range
 * (s3rver reads it as `0-n`), so its size is asked first. A missing object is left to the read.
 */
async function absoluteRange(store: S3MediaStore, key: string, range: string): Promise<string> {
  const suffix = /^bytes=-(\d+)$/.exec(range);
  if (!suffix) return range;
  const size = await store.size(key);
  if (size === null || size === 0) return range;
  return `bytes=${Math.max(0, size - Number(suffix[1]))}-${size - 1}`;
}

/** As the folder store's replies (a key's content never changes: its folder name is random). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Sends an object of the S3 media store as the folder store's replies do (sendFile): its content type,
 * a year's immutable cache, ranges (206 with Content-Range, 416 past the end), ETag and Last-Modified,
 * 304 for an ETag the client holds. The bytes are piped from the store as they come, never held whole.
 * A missing object rejects with the SDK's NoSuchKey (the caller answers 404). `cacheControl: null`: no Cache-Control of its own;
 * `keep`: this node's copies, to which a whole object read is added as it streams.
 */
export async function sendStoredObject(
  store: S3MediaStore,
  reply: FastifyReply,
  key: string,
  { cacheControl = IMMUTABLE, keep = null }: { cacheControl?: string | null; keep?: NodeMediaCache | null } = {},
): Promise<FastifyReply> {
  const rangeHeader = reply.request.headers.range;
  const range =
    typeof rangeHeader === 'string' && SINGLE_RANGE.test(rangeHeader.replace(/\s+/g, '')) ? rangeHeader.replace(/\s+/g, '') : undefined;
  if (cacheControl) reply.header('cache-control', cacheControl);
  reply.header('accept-ranges', 'bytes').type(CONTENT_TYPES[/\.([a-z0-9]+)$/.exec(key)?.[1] ?? ''] ?? 'application/octet-stream');
  let read;
  try {
    read = await store.read(key, range && (await absoluteRange(store, key, range)));
  } catch (err) {
    if (!(err instanceof RangeNotSatisfiable)) throw err;
    return reply.code(416).header('content-range', `bytes */${err.size}`).removeHeader('content-type').send();
  }
  if (answeredByValidators(reply, read)) {
    read.body.destroy();
    return reply.code(304).send();
  }
  reply.header('content-length', read.length);
  if (read.contentRange) return reply.code(206).header('content-range', read.contentRange).send(read.body);
  // A whole object: this node keeps a copy for its next readers (node-media-cache.ts).
  return reply.send(keep ? keep.keep(key, read.body, { size: read.length, etag: read.etag, lastModified: read.lastModified }) : read.body);
}

/** Sets an object's ETag and Last-Modified; true when the client holds that ETag (answer 304). */
export function answeredByValidators(
  reply: FastifyReply,
  { etag, lastModified }: { etag?: string | undefined; lastModified?: Date | undefined },
): boolean {
  if (etag) reply.header('etag', etag);
  if (lastModified) reply.header('last-modified', lastModified.toUTCString());
  return Boolean(etag) && reply.request.headers['if-none-match'] === etag;
}
