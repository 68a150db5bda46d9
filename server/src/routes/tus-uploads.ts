import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, Server, type CancellationContext } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSlug, SLUG_INVALID } from '../../../src/contract/file-slug';
import { checkTitle } from '../../../src/contract/file-title';
import { addVideoFile } from '../ingest/new-file';
import { checkUploadedVideo } from '../ingest/uploaded-video';
import { removeTusUpload, TUS_ACCOUNT, TUS_BEGUN, tusKey } from '../ingest/tus-store';
import { videoQuotaMessage } from '../lib/video-quota';
import { accountName, sourceNamed } from '../plugins/activity';
import { fail, RETRY_AFTER_SECONDS } from '../plugins/errors';
import { storeUnavailable } from '../media/s3-media-store';
import { mediaStoreUnavailable, SERVER_ERROR, SESSION_ENDED, TOO_MANY_UPLOADS, videoTooLarge } from '../schemas/messages';

/** Set on the raw request once its key is checked (overwriting whatever a client sent). */
const ACCOUNT_HEADER = 'x-vp-account-id';
/** Likewise: the name of the account API key it came with (URI-encoded), which the activity log names (D55). */
const API_KEY_HEADER = 'x-vp-api-key-name';

/** An error a tus hook throws: tus sends `status_code` and `body`, which is the API's envelope. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ status: 'error', message }) });

/** One answer for an upload id that does not exist and for one of another account: it tells neither apart. */
export const UPLOAD_NOT_FOUND = 'Upload not found';
export const LENGTH_REQUIRED = 'Upload-Length is required: a deferred length cannot be checked against the storage quota';

/**
 * tus's server, whose every error reply is the API's envelope, sent as JSON: tus's own texts (a header
 * it finds invalid, a missing Tus-Resumable) become its message; tus would send them as text/plain.
 */
class EnvelopeTusServer extends Server {
  override write(context: CancellationContext, headers: Headers, status: number, body = '') {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const envelope = body.startsWith('{') ? body : JSON.stringify({ status: 'error', message: body.trim() });
    return super.write(context, headers, status, envelope);
  }
}

/** The ids tus makes (Uid.rand: 32 hex digits); nothing else can name an upload, or a path of the store. */
const TUS_ID = /^[0-9a-f]{32}$/;

/**
 * Resumable uploads (the tus protocol, @tus/server) at `/api/uploads/`, ending in the same new file as
 * POST /api/files: the x-apikey header authenticates every request; Upload-Metadata carries
 * `filename`, `file_title` and optional `file_slug`; when the last bytes arrive the server checks the
 * video, creates the file (Pending) and answers the final PATCH with `X-File-Id`.
 */
export default async function tusUploadRoutes(app: FastifyInstance, options: { corsOrigins: string[] }): Promise<void> {
  const store = app.tusStore;
  const accountOf = (req: Request): number => {
    const account = Number(req.headers.get(ACCOUNT_HEADER));
    if (!Number.isInteger(account) || account < 1) throw refusal(401, SESSION_ENDED);
    return account;
  };
  const tus = new EnvelopeTusServer({
    path: '/api/uploads',
    datastore: store,
    maxSize: app.settings.maxVideoBytes,
    allowedOrigins: options.corsOrigins,
    allowedHeaders: ['x-apikey'],
    exposedHeaders: ['X-File-Id'],
    // A finished upload is its file's source until the pipeline is done with it.
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(req, upload) {
      const title = checkTitle(upload.metadata?.file_title ?? '');
      if ('error' in title) throw refusal(400, title.error);
      const slug = upload.metadata?.file_slug;
      if (slug && !isSlug(slug)) throw refusal(400, SLUG_INVALID);
      if (upload.size === undefined) throw refusal(400, LENGTH_REQUIRED);
      // The whole declared length is reserved now (before tus writes a byte), so parallel uploads cannot overshoot.
      const account = accountOf(req);
      const { accountVideoQuotaBytes: quotaBytes } = app.settings;
      const refused = await app.db.transaction((tx) =>
        app.videoStorage.reserve(tx, tusKey(upload.id), account, upload.size!, app.clock(), quotaBytes),
      );
      if (refused) throw refusal(413, videoQuotaMessage(refused.usedBytes, quotaBytes));
      return { metadata: { ...upload.metadata, [TUS_ACCOUNT]: String(account), [TUS_BEGUN]: String(app.clock()) } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || !uploadId) return;
      if (!TUS_ID.test(uploadId)) throw refusal(404, UPLOAD_NOT_FOUND);
      // One read of the description either way: a missing upload and another account's cost the same and read the same.
      const upload = await store.getUpload(uploadId).catch(() => undefined);
      if (upload?.metadata?.[TUS_ACCOUNT] !== String(accountOf(req))) throw refusal(404, UPLOAD_NOT_FOUND);
    },
    async onUploadFinish(req, upload) {
      const key = tusKey(upload.id);
      const problem = await checkUploadedVideo(app.media, key);
      if (problem) {
        await removeTusUpload(app, key);
        throw refusal(400, problem);
      }
      const accountId = accountOf(req);
      const keyName = req.headers.get(API_KEY_HEADER);
      const by = keyName
        ? { accountId, actor: decodeURIComponent(keyName), source: 'key' as const }
        : { accountId, actor: await accountName(app, accountId), source: sourceNamed(req.headers.get('x-vp-source')) };
      const outcome = await addVideoFile(app, by, {
        title: upload.metadata?.file_title ?? undefined,
        slug: upload.metadata?.file_slug ?? undefined,
        source: { media_key: key },
        via: 'tus',
        upload: { bytes: upload.size!, journaled: [] },
      });
      if ('error' in outcome) {
        await removeTusUpload(app, key);
        throw refusal(outcome.error[0], outcome.error[1]);
      }
      return { headers: { 'X-File-Id': outcome.file.file_id } };
    },
    // Our texts for tus's errors where they differ (one 404 for any id not the account's); a failure is logged, never told.
    onResponseError(req, err) {
      if (err === ERRORS.ERR_MAX_SIZE_EXCEEDED) return refusal(413, videoTooLarge(app.settings.maxVideoBytes));
      if (err === ERRORS.FILE_NOT_FOUND) return refusal(404, UPLOAD_NOT_FOUND);
      const status = 'status_code' in err ? err.status_code : 500;
      if (status < 500) return undefined;
      const unavailable = storeUnavailable(err); // the bucket's tus store down or slow (VP_MEDIA_URL)
      if (unavailable) {
        app.log.warn({ err }, 'media store unavailable');
        // As every 503 of the API (plugins/errors.ts), it says when to try again: tus's answer carries no header
        // of ours, but Node merges those set on its response into the head tus writes.
        nodeResponseOf(req)?.setHeader('retry-after', RETRY_AFTER_SECONDS);
        return refusal(503, mediaStoreUnavailable(unavailable.reason));
      }
      app.log.error({ err }, 'resumable upload failed');
      return refusal(status, SERVER_ERROR);
    },
  });

  // tus reads the body itself: Fastify must leave it alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    let account = '';
    let keyName = '';
    if (request.method !== 'OPTIONS') {
      await app.authenticate.call(app, request, reply, () => {});
      if (reply.sent) return reply;
      account = String(request.accountId);
      keyName = request.apiKey ? encodeURIComponent(request.apiKey.name) : '';
    }
    // Bytes on their way (a PATCH, or a creation that carries the first ones) hold one of the account's video upload slots.
    let release: (() => void) | null = null;
    if (carriesBytes(request)) {
      release = app.videoUploadSlots.take(request.accountId);
      if (!release) return fail(reply.header('tus-resumable', '1.0.0'), 429, TOO_MANY_UPLOADS);
      reply.raw.once('close', release);
    }
    setCallerHeaders(request.raw, { [ACCOUNT_HEADER]: account, [API_KEY_HEADER]: keyName });
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } finally {
      release?.();
    }
    return reply;
  };
  const schema = {
    tags: ['files'],
    summary: 'tus resumable uploads (x-apikey; Upload-Metadata filename, file_title, file_slug?); the final PATCH answers X-File-Id',
    hide: false,
  };
  app.route({ method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url: '/', schema, handler: handle });
  app.route({ method: ['PATCH', 'HEAD', 'DELETE', 'OPTIONS'], url: '/:id', schema, handler: handle });
}

/** The Node response under the request tus hands its hooks (srvx's NodeRequest keeps it). */
const nodeResponseOf = (req: Request): ServerResponse | undefined =>
  (req as Request & { runtime?: { node?: { res?: ServerResponse } } }).runtime?.node?.res;

/** A PATCH, or a POST of creation-with-upload: tus writes the body into the upload. */
const carriesBytes = (request: FastifyRequest): boolean =>
  request.method === 'PATCH' || (request.method === 'POST' && request.headers['content-type'] === 'application/offset+octet-stream');

/** tus reads the raw header list: whatever a client sent under the caller's headers goes, the checked account and key come in. */
function setCallerHeaders(raw: IncomingMessage, headers: Record<string, string>): void {
  const kept: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (!(raw.rawHeaders[i]!.toLowerCase() in headers)) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value) {
      kept.push(name, value);
      raw.headers[name] = value;
    } else delete raw.headers[name];
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
}
