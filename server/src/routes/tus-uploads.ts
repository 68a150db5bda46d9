import type { IncomingMessage } from 'node:http';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSlug, SLUG_INVALID } from '../../../src/contract/file-slug';
import { checkTitle } from '../../../src/contract/file-title';
import { addVideoFile } from '../ingest/new-file';
import { removeTusUpload, TUS_ACCOUNT, TUS_BEGUN, TUS_FOLDER, tusFileStore } from '../ingest/tus-store';
import { accountName, sourceNamed } from '../plugins/activity';
import { SESSION_ENDED } from '../plugins/authentication';
import { checkUploadedVideo, videoTooLarge } from './ingest';

/** Set on the raw request once its key is checked (overwriting whatever a client sent). */
const ACCOUNT_HEADER = 'x-vp-account-id';

/** An error a tus hook throws: tus sends `status_code` and `body`, which is the API's envelope. */
const refusal = (status: number, message: string) => ({ status_code: status, body: JSON.stringify({ status: 'error', message }) });

/**
 * Resumable uploads (the tus protocol, @tus/server) at `/api/uploads/`, ending in the same new file as
 * POST /api/files: the x-apikey header authenticates every request; Upload-Metadata carries
 * `filename`, `file_title` and optional `file_slug`; when the last bytes arrive the server checks the
 * video, creates the file (Pending) and answers the final PATCH with `X-File-Id`.
 */
export default async function tusUploadRoutes(app: FastifyInstance, options: { corsOrigins: string[] }): Promise<void> {
  const store = tusFileStore(app.settings);
  const accountOf = (req: Request): number => {
    const account = Number(req.headers.get(ACCOUNT_HEADER));
    if (!Number.isInteger(account) || account < 1) throw refusal(401, SESSION_ENDED);
    return account;
  };
  const tus = new Server({
    path: '/api/uploads',
    datastore: store,
    maxSize: app.settings.maxVideoBytes,
    allowedOrigins: options.corsOrigins,
    allowedHeaders: ['x-apikey'],
    exposedHeaders: ['X-File-Id'],
    async onUploadCreate(req, upload) {
      const title = checkTitle(upload.metadata?.file_title ?? '');
      if ('error' in title) throw refusal(400, title.error);
      const slug = upload.metadata?.file_slug;
      if (slug && !isSlug(slug)) throw refusal(400, SLUG_INVALID);
      return { metadata: { ...upload.metadata, [TUS_ACCOUNT]: String(accountOf(req)), [TUS_BEGUN]: String(app.clock()) } };
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === 'POST' || !uploadId) return;
      let upload: Upload;
      try {
        upload = await store.getUpload(uploadId);
      } catch {
        return; // tus answers 404 itself
      }
      if (upload.metadata?.[TUS_ACCOUNT] !== String(accountOf(req))) throw refusal(404, 'Upload not found');
    },
    async onUploadFinish(req, upload) {
      const key = `${TUS_FOLDER}/${upload.id}`;
      const problem = await checkUploadedVideo(app, key);
      if (problem) {
        await removeTusUpload(app, key);
        throw refusal(400, problem);
      }
      const accountId = accountOf(req);
      const by = { accountId, actor: await accountName(app, accountId), source: sourceNamed(req.headers.get('x-vp-source')) };
      const outcome = await addVideoFile(app, by, {
        title: upload.metadata?.file_title ?? undefined,
        slug: upload.metadata?.file_slug ?? undefined,
        source: { media_key: key },
        via: 'tus',
      });
      if ('error' in outcome) {
        await removeTusUpload(app, key);
        throw refusal(outcome.error[0], outcome.error[1]);
      }
      return { headers: { 'X-File-Id': outcome.file.file_id } };
    },
    onResponseError(_req, err) {
      if ('status_code' in err && err.status_code === 413) return refusal(413, videoTooLarge(app.settings.maxVideoBytes));
      return undefined;
    },
  });

  // tus reads the body itself: Fastify must leave it alone.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    let account = '';
    if (request.method !== 'OPTIONS') {
      await app.authenticate.call(app, request, reply, () => {});
      if (reply.sent) return reply;
      account = String(request.accountId);
    }
    setAccountHeader(request.raw, account);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
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

/** tus reads the raw header list: whatever a client sent under the account header goes, the checked account comes in. */
function setAccountHeader(raw: IncomingMessage, account: string): void {
  const kept: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() !== ACCOUNT_HEADER) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  }
  if (account) kept.push(ACCOUNT_HEADER, account);
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
  if (account) raw.headers[ACCOUNT_HEADER] = account;
  else delete raw.headers[ACCOUNT_HEADER];
}
