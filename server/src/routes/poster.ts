import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_STATUS } from '../../../src/contract/file-status';
import { toFileJson, type FileRow } from '../db/files';
import type { ImageResult } from '../db/files-repository';
import { formatSize } from '../../../src/contract/format-size';
import { ifMatch, tagged } from '../lib/etag';
import { videoQuotaMessage } from '../lib/video-quota';
import { ToolError } from '../media/ffmpeg';
import { automaticPosterKey } from '../media/file-media';
import { fail, ok } from '../plugins/errors';
import { inWorkFolder, switchToAutomatic, switchToPoster, type PosterParts, type PosterResult } from '../poster/poster-change';
import { encodePosterImage, IMAGE_SNIFF_BYTES, imageKindOf } from '../poster/poster-image';
import { frameOfRendition, NoFrameError } from '../poster/rendition-frame';
import { apiKeySecurity, errorResponses, idParam, staleResponse } from '../schemas/common';
import { fileSchema } from '../schemas/files';
import { FILE_NOT_FOUND, TOO_MANY_UPLOADS } from '../schemas/messages';
import { posterBodySchema, posterHeaders, posterReplySchema } from '../schemas/poster';
import type { RouteApp } from '../schemas/route-types';

export const POSTER_FILE_CHANGED = 'This file was changed since you loaded it: its current version is in data';
export const POSTER_NOT_READY = 'A poster can be chosen once the video is processed';
export const POSTER_TIME_OUTSIDE = 'The time must be within the video (0 to its duration, in seconds)';
export const POSTER_NOT_AN_IMAGE = 'The poster must be a JPEG, PNG or WebP image';
export const POSTER_NO_IMAGE = 'Please select an image (image)';
export const POSTER_UNREADABLE = 'This image could not be read';
export const POSTER_NO_FRAME = 'No frame could be taken at that time';
export const POSTER_NO_AUTOMATIC = 'This video has no automatic poster to go back to';
export const POSTER_TOO_SLOW = 'Making the poster took too long. Please try again.';
export const posterTooLarge = (maxBytes: number): string => `The image must be at most ${formatSize(maxBytes)}`;

/** ffmpeg's longest run for one poster: a frame or an 8 MB image takes well under a second. */
const POSTER_TOOL_SECONDS = 30;

/**
 * The poster the operator chooses (issue 43, decision D65): `PUT /api/files/{id}/poster` with `{ time }`
 * (a frame of the top rendition) or a multipart `image`; `DELETE` goes back to the automatic one.
 */
export default async function posterRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const json = (row: FileRow) => toFileJson(row, app.settings.trashDays);
  const parts = (): PosterParts => ({
    files: app.files,
    media: app.media,
    storageJournal: app.storageJournal,
    videoStorage: app.videoStorage,
    clock: app.clock,
    quotaBytes: app.settings.accountVideoQuotaBytes,
  });

  /** The reply of a change: the file as it is now, or why it did not change. */
  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    result: PosterResult,
    action: 'poster_set' | 'poster_reset',
    detail: Record<string, unknown> = {},
  ) => {
    switch (result.kind) {
      case 'not_found':
        return fail(reply, 404, FILE_NOT_FOUND);
      case 'quota':
        return fail(reply, 413, videoQuotaMessage(result.usedBytes, app.settings.accountVideoQuotaBytes));
      case 'stale':
        return fail(tagged(reply, result.file), 412, POSTER_FILE_CHANGED, json(result.file));
      case 'unchanged':
        tagged(reply, result.file);
        return { status: 'warning' as const, message: 'The automatic poster is already shown', data: json(result.file) };
      case 'updated':
        await app.recordActivity(request, result.file.file_id, action, detail);
        tagged(reply, result.file);
        return ok(action === 'poster_set' ? 'Poster changed' : 'Automatic poster restored', json(result.file));
    }
  };

  app.put(
    '/:id/poster',
    {
      schema: {
        tags: ['files'],
        summary: "Choose the file's poster: a frame of the video ({ time }) or an uploaded image (multipart image)",
        security: apiKeySecurity,
        consumes: ['application/json', 'multipart/form-data'],
        params: idParam('id'),
        headers: posterHeaders,
        body: posterBodySchema,
        response: { 200: posterReplySchema, 412: staleResponse(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { accountId } = request;
      const fileId = request.params.id;
      const row = await app.files.get(accountId, fileId);
      if (!row) return fail(reply, 404, FILE_NOT_FOUND);
      const precondition = ifMatch(request.headers['if-match']);
      // Checked before any work, and again where the poster switches (the file may change meanwhile).
      if (precondition && !precondition(row.version)) return fail(tagged(reply, row), 412, POSTER_FILE_CHANGED, json(row));
      // Until then the pipeline writes the file's image itself (and would replace the operator's).
      if (!row.file_rendition || row.file_status !== FILE_STATUS.completed) return fail(reply, 409, POSTER_NOT_READY);
      const release = app.videoUploadSlots.take(accountId);
      if (!release) return fail(reply, 429, TOO_MANY_UPLOADS);
      try {
        return await inWorkFolder(fileId, async (work) => {
          const jpeg = path.join(work, 'poster.jpg');
          const signal = AbortSignal.timeout(POSTER_TOOL_SECONDS * 1000);
          let detail: Record<string, unknown>;
          try {
            if (request.isMultipart()) {
              const image = await receiveImage(request, work, app.settings.maxPosterBytes);
              if ('error' in image) return fail(reply, image.error[0], image.error[1]);
              await encodePosterImage(image.file, image.kind, jpeg, { signal }).catch((err: unknown) => {
                throw err instanceof ToolError && !signal.aborted ? new NoFrameError(POSTER_UNREADABLE) : err;
              });
              detail = { from: 'image', format: image.kind };
            } else {
              const { time } = request.body as { time: number };
              if (!(time < (row.file_duration ?? 0))) return fail(reply, 400, POSTER_TIME_OUTSIDE);
              await frameOfRendition(app.media, row.file_rendition!, time, work, jpeg, { signal }).catch((err: unknown) => {
                throw err instanceof ToolError && !signal.aborted ? new NoFrameError(POSTER_NO_FRAME) : err;
              });
              if (!((await fs.promises.stat(jpeg).catch(() => null))?.size ?? 0)) return fail(reply, 409, POSTER_NO_FRAME);
              detail = { from: 'time', time };
            }
          } catch (err) {
            if (signal.aborted) return fail(reply, 503, POSTER_TOO_SLOW);
            if (err instanceof NoFrameError) return fail(reply, err.message === POSTER_UNREADABLE ? 400 : 409, err.message);
            throw err;
          }
          return answer(request, reply, await switchToPoster(parts(), accountId, fileId, jpeg, precondition), 'poster_set', detail);
        });
      } finally {
        release();
      }
    },
  );

  app.delete(
    '/:id/poster',
    {
      schema: {
        tags: ['files'],
        summary: "Go back to the file's automatic poster (the pipeline's thumbnail)",
        security: apiKeySecurity,
        params: idParam('id'),
        headers: posterHeaders,
        response: { 200: posterReplySchema, 412: staleResponse(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      // An external pipeline may lay its images out otherwise: never point at a thumbnail the store does not hold.
      const row = await app.files.get(request.accountId, request.params.id);
      if (row?.file_rendition && (await app.media.size(automaticPosterKey(row.file_rendition))) === null)
        return fail(reply, 409, POSTER_NO_AUTOMATIC);
      const result: ImageResult = await switchToAutomatic(
        parts(),
        request.accountId,
        request.params.id,
        ifMatch(request.headers['if-match']),
      );
      return answer(request, reply, result, 'poster_reset');
    },
  );
}

/** Streams the multipart `image` into the work folder (at most `maxBytes`), and tells its kind by its bytes. */
async function receiveImage(
  request: FastifyRequest,
  work: string,
  maxBytes: number,
): Promise<{ error: [number, string] } | { file: string; kind: NonNullable<ReturnType<typeof imageKindOf>> }> {
  const file = path.join(work, 'upload');
  let received = false;
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: maxBytes, fields: 4, fieldSize: 256, parts: 6 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image' || received) {
        part.file.resume();
        continue;
      }
      await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
      if (part.file.truncated) return { error: [413, posterTooLarge(maxBytes)] };
      received = true;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { error: [413, posterTooLarge(maxBytes)] };
    throw err;
  }
  if (!received) return { error: [400, POSTER_NO_IMAGE] };
  const handle = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(IMAGE_SNIFF_BYTES);
  try {
    await handle.read(head, 0, IMAGE_SNIFF_BYTES, 0);
  } finally {
    await handle.close();
  }
  const kind = imageKindOf(head);
  return kind ? { file, kind } : { error: [400, POSTER_NOT_AN_IMAGE] };
}
