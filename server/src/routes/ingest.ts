import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toFileJson } from '../db/files';
import { checkTitle } from '../../../src/contract/file-title';
import { addVideoFile, type NewFileOutcome } from '../ingest/new-file';
import { checkUploadedVideo } from '../ingest/uploaded-video';
import { checkSourceUrl, parseSourceUrl, UrlRefusedError } from '../lib/url-policy';
import { mediaEntry } from '../db/storage-journal';
import { videoQuotaMessage } from '../lib/video-quota';
import { MediaTooLargeError } from '../media/media-store';
import { newUploadKey } from '../media/file-media';
import { actingAs } from '../plugins/activity';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, errorResponses } from '../schemas/common';
import { newFileReplySchema } from '../schemas/files';
import { ingestBodySchema } from '../schemas/ingest';
import { TOO_MANY_UPLOADS, videoTooLarge } from '../schemas/messages';

export const FILE_ADDED = 'File added: it is waiting for processing';

interface JsonBody {
  source_url?: unknown;
  file_title?: unknown;
  file_slug?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export default async function ingestRoutes(app: FastifyInstance): Promise<void> {
  const { maxVideoBytes, accountVideoQuotaBytes: quotaBytes } = app.settings;

  app.post(
    '/',
    {
      onRequest: app.authenticate,
      // Multipart bodies are read by request.parts() in the handler, JSON ones checked there; the schema documents both.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['files'],
        summary: 'Add a video: upload it (multipart, streamed to storage) or give a URL to fetch (JSON); the new file is Pending',
        description:
          'multipart/form-data: `video_file`, `file_title`, optional `file_slug`. application/json: `{ source_url, file_title, file_slug? }`. ' +
          'The reply carries the new file (file_status 0); the pipeline then moves it to Completed. Large files: tus at /api/uploads/.',
        security: apiKeySecurity,
        consumes: ['multipart/form-data', 'application/json'],
        body: ingestBodySchema(maxVideoBytes),
        response: { 200: newFileReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      let outcome: NewFileOutcome;
      if (request.isMultipart()) {
        const release = app.videoUploadSlots.take(request.accountId);
        if (!release) return fail(reply, 429, TOO_MANY_UPLOADS);
        try {
          outcome = await receiveUpload(app, request);
        } finally {
          release();
        }
      } else {
        outcome = await receiveUrl(app, request, (request.body ?? {}) as JsonBody);
      }
      if ('error' in outcome) return fail(reply, outcome.error[0], outcome.error[1]);
      return ok(FILE_ADDED, { file: toFileJson(outcome.file, app.settings.trashDays) });
    },
  );

  async function receiveUrl(app: FastifyInstance, request: FastifyRequest, body: JsonBody): Promise<NewFileOutcome> {
    if (typeof body !== 'object' || body === null) return { error: [400, 'The request body must be a JSON object'] };
    const sourceUrl = text(body.source_url);
    if (!sourceUrl) return { error: [400, 'source_url is required (or upload video_file as multipart/form-data)'] };
    const title = checkTitle(text(body.file_title) ?? '');
    if ('error' in title) return { error: [400, title.error] };
    try {
      const url = parseSourceUrl(sourceUrl);
      const { ingestAllowHosts, downloadTimeoutMs } = app.settings;
      await checkSourceUrl(url, { allowHosts: ingestAllowHosts, maxBytes: maxVideoBytes, timeoutMs: downloadTimeoutMs });
      return await addVideoFile(app, await actingAs(app, request), {
        title: title.title,
        slug: text(body.file_slug),
        source: { url: url.toString() },
        via: 'url',
      });
    } catch (err) {
      if (err instanceof UrlRefusedError) return { error: [400, err.message] };
      throw err;
    }
  }

  /**
   * Streams `video_file` into the media store (never whole in memory), then creates the file. Before
   * the first byte, the upload's folder is journaled (a crash leaves nothing behind: the next start
   * deletes it) and its bytes reserved against the account's video quota: the request's Content-Length
   * (more than the file by its form fields; refused at once when it does not fit), else nothing, and the
   * stream stops at the room left. The file's creation then counts the source's real size, exactly.
   */
  async function receiveUpload(app: FastifyInstance, request: FastifyRequest): Promise<NewFileOutcome> {
    const key = newUploadKey();
    const entries = [mediaEntry(key.replace(/[^/]+$/, ''))];
    const declared = Number(request.headers['content-length']);
    const reserved = Number.isSafeInteger(declared) && declared > 0 ? declared : 0;
    const accountId = request.accountId;
    const refused = await app.db.transaction(async (tx) => {
      const refusal = await app.videoStorage.reserve(tx, key, accountId, reserved, app.clock(), quotaBytes);
      if (!refusal) await app.storageJournal.begin(entries, app.clock(), tx);
      return refusal;
    });
    if (refused) return { error: [413, videoQuotaMessage(refused.usedBytes, quotaBytes)] };
    // The most this upload may store: what the quota has room for (beside its own reservation), at most the size limit.
    const room = quotaBytes - (await app.videoStorage.usedBytes(accountId)) + reserved;
    const maxBytes = Math.max(0, Math.min(maxVideoBytes, room));
    const fields = new Map<string, string>();
    let stored: number | null = null;
    let owned = false;
    try {
      for await (const part of request.parts({ limits: { files: 1, fileSize: maxVideoBytes, fields: 8, fieldSize: 2048, parts: 12 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'video_file' || stored !== null) {
            part.file.resume();
            continue;
          }
          stored = await app.media.putStream(key, part.file, maxBytes);
        } else if (typeof part.value === 'string') {
          if (part.valueTruncated) return { error: [400, `${part.fieldname} is too long`] };
          fields.set(part.fieldname, part.value);
        }
      }
      if (stored === null) return { error: [400, 'Please select a video file (video_file)'] };
      const problem = await checkUploadedVideo(app.media, key);
      if (problem) return { error: [400, problem] };
      const outcome = await addVideoFile(app, await actingAs(app, request), {
        title: fields.get('file_title'),
        slug: fields.get('file_slug'),
        source: { media_key: key },
        via: 'upload',
        upload: { bytes: stored, journaled: entries },
      });
      owned = 'file' in outcome; // the pipeline owns it now
      return outcome;
    } catch (err) {
      if (err instanceof MediaTooLargeError && maxBytes < maxVideoBytes) {
        return { error: [413, videoQuotaMessage(quotaBytes - room, quotaBytes)] }; // what the account stored besides this upload
      }
      if (err instanceof MediaTooLargeError || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        return { error: [413, videoTooLarge(maxVideoBytes)] };
      }
      throw err;
    } finally {
      // Not the file's: its folder and its reservation go (the journal entry went with the file's creation otherwise).
      if (!owned) await app.storageJournal.end(entries, entries);
    }
  }
}
