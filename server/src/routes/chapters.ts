import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChaptersJson } from '../../../src/contract/chapters';
import type { SubtitleRow } from '../db/subtitles-repository';
import { ifMatch, tagged } from '../lib/etag';
import { addChaptersTrack } from '../subtitles/add-chapters-track';
import { checkSentChapters, durationMsOf, NO_DURATION } from '../subtitles/chapters-check';
import { saveVersion } from '../subtitles/subtitle-edit-text';
import { storedChapters } from '../subtitles/stored-chapters';
import { actorOf } from '../plugins/activity';
import { fail, ok } from '../plugins/errors';
import { chaptersBody, chaptersSchema } from '../schemas/chapters';
import { apiKeySecurity, envelope, errorResponses, idParam, ifMatchHeader, staleResponse } from '../schemas/common';
import { FILE_NOT_FOUND, quotaMessage } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';

export const CHAPTERS_NOT_FOUND = 'This file has no chapters';
export const CHAPTERS_CHANGED = 'The chapters were changed since you loaded them: their current version is in data';
export const CHAPTERS_RACED = 'The chapters were changed meanwhile. Reload them and try again.';
const SEND_CHAPTERS = 'Send the chapters as text/vtt, or as text/plain lines such as 00:00 Intro';

/** /api/files/:file_id/chapters (decision D66): a file's one chapters track, a subtitle track of kind "chapters". */
export default async function chaptersRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  app.addContentTypeParser('text/vtt', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /** The track's reply: its chapters, read from the text the player serves. */
  const chaptersJson = async (row: SubtitleRow): Promise<ChaptersJson | null> => {
    const chapters = await storedChapters(app.store, row);
    if (!chapters) return null; // deleted for good since it was read
    return { sub_id: row.sub_id, file_id: row.file_id, version: row.version, created_at: new Date(row.created_at).toISOString(), chapters };
  };

  const replyWith = async (reply: FastifyReply, row: SubtitleRow, message: string, code = 200) => {
    const json = await chaptersJson(row);
    if (!json) return fail(reply, 404, CHAPTERS_NOT_FOUND);
    return code === 200 ? ok(message, json) : fail(tagged(reply, row), code, message, json);
  };

  const liveFile = async (request: FastifyRequest<{ Params: { file_id: number } }>, reply: FastifyReply) => {
    const file = await app.files.get(request.accountId, request.params.file_id);
    if (!file) fail(reply, 404, FILE_NOT_FOUND);
    return file ?? null;
  };

  app.get(
    '/:file_id/chapters',
    {
      schema: {
        tags: ['chapters'],
        summary: "A file's chapters (its ETag is the chapters track's version); 404 when it has none",
        security: apiKeySecurity,
        params: idParam('file_id'),
        response: { 200: envelope(chaptersSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await liveFile(request, reply))) return reply;
      const row = await app.subtitles.chaptersOf(request.accountId, request.params.file_id);
      if (!row) return fail(reply, 404, CHAPTERS_NOT_FOUND);
      tagged(reply, row);
      return replyWith(reply, row, 'Chapters loaded');
    },
  );

  app.put(
    '/:file_id/chapters',
    {
      bodyLimit: app.settings.chaptersMaxBytes,
      schema: {
        tags: ['chapters'],
        summary:
          "Set a file's chapters: its chapters track is created, or saved as its next version (checked: in order, within the video, titles not empty, no overlaps; a fault names its line)",
        security: apiKeySecurity,
        params: idParam('file_id'),
        consumes: ['text/vtt', 'text/plain'],
        body: chaptersBody,
        headers: ifMatchHeader,
        response: { 200: envelope(chaptersSchema), 412: staleResponse(chaptersSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await liveFile(request, reply);
      if (!file) return reply;
      if (typeof request.body !== 'string') return fail(reply, 400, SEND_CHAPTERS);
      const durationMs = durationMsOf(file);
      if (durationMs === null) return fail(reply, 409, NO_DURATION);
      const checked = checkSentChapters(request.body, request.headers['content-type'], durationMs);
      if (!checked.ok) return fail(reply, 400, checked.problem);
      const count = checked.chapters.length;
      const precondition = ifMatch(request.headers['if-match']);
      const row = await app.subtitles.chaptersOf(request.accountId, file.file_id);

      if (!row) {
        if (precondition) return fail(reply, 409, CHAPTERS_RACED); // the version it names is gone
        const isVtt = /^text\/vtt\b/i.test(request.headers['content-type'] ?? '');
        const sent = { bytes: Buffer.from(request.body, 'utf8'), name: isVtt ? 'chapters.vtt' : 'chapters.txt' };
        const added = await addChaptersTrack(app, request.accountId, file.file_id, sent, checked.vtt);
        if (added.kind === 'file_gone') return fail(reply, 404, FILE_NOT_FOUND);
        if (added.kind === 'taken') return fail(reply, 409, CHAPTERS_RACED);
        if (added.kind === 'quota') return fail(reply, 413, quotaMessage(added.usedBytes, app.settings.accountQuotaBytes));
        await app.recordActivity(request, file.file_id, 'chapters_add', { sub_id: added.row.sub_id, chapters: count });
        tagged(reply, added.row);
        return replyWith(reply, added.row, 'Chapters saved');
      }

      if (precondition && !precondition(row.version)) return replyWith(tagged(reply, row), row, CHAPTERS_CHANGED, 412);
      const by = { accountId: request.accountId, actor: await actorOf(app, request) };
      const outcome = await saveVersion(app, by, row, row.version, checked.vtt, 'edit');
      if (outcome.kind === 'gone') return fail(reply, 404, CHAPTERS_NOT_FOUND);
      if (outcome.kind === 'quota') return fail(reply, 413, quotaMessage(outcome.usedBytes, app.settings.accountQuotaBytes));
      if (outcome.kind === 'changed') return fail(reply, 409, CHAPTERS_RACED);
      await app.recordActivity(request, file.file_id, 'chapters_edit', {
        sub_id: row.sub_id,
        chapters: count,
        version_no: outcome.versionNo,
      });
      tagged(reply, outcome.sub);
      return replyWith(reply, outcome.sub, 'Chapters saved');
    },
  );

  app.delete(
    '/:file_id/chapters',
    {
      schema: {
        tags: ['chapters'],
        summary:
          "Move a file's chapters track to the trash, with its versions (POST /api/subs/{sub_id}/restore brings it back while the file has no other)",
        security: apiKeySecurity,
        params: idParam('file_id'),
        headers: ifMatchHeader,
        response: { 200: envelope(), 412: staleResponse(chaptersSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await liveFile(request, reply))) return reply;
      const row = await app.subtitles.chaptersOf(request.accountId, request.params.file_id);
      if (!row) return fail(reply, 404, CHAPTERS_NOT_FOUND);
      const result = await app.subtitles.trash(request.accountId, row.sub_id, app.clock(), ifMatch(request.headers['if-match']));
      if (result.kind === 'not_found') return fail(reply, 404, CHAPTERS_NOT_FOUND);
      if (result.kind === 'stale') return replyWith(reply, result.sub, CHAPTERS_CHANGED, 412);
      await app.recordActivity(request, row.file_id, 'chapters_trash', { sub_id: row.sub_id });
      return ok('Chapters deleted');
    },
  );
}
