import type { FastifyReply, FastifyRequest } from 'fastify';
import { SUBTITLE_MAX_BYTES } from '../../../src/contract/subtitles';
import { checkChaptersVtt } from '../../../src/subtitle-text/chapters';
import { CUE_TEXT_CLEANED } from '../../../src/subtitle-text/edit-text';
import type { SavedVersionKind } from '../db/subtitle-versions-repository';
import { toSubtitleJson, type SubtitleRow } from '../db/subtitles-repository';
import { ifMatch, tagged } from '../lib/etag';
import { currentText, saveVersion, uploadText } from '../subtitles/subtitle-edit-text';
import { nullWhenGone } from '../db/subtitle-store';
import { actorOf } from '../plugins/activity';
import { durationMsOf, NO_DURATION } from '../subtitles/chapters-check';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, envelope, errorResponses, idParam, staleResponse } from '../schemas/common';
import { quotaMessage, SUBTITLE_CHANGED, SUBTITLE_NOT_FOUND } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';
import { requiredIfMatch, versionParams, versionsReplySchema, vttResponse } from '../schemas/subtitle-text';
import { subtitleSchema } from '../schemas/subtitles';

export const IF_MATCH_REQUIRED = 'If-Match is required to save subtitle text';
export const VERSION_NOT_FOUND = 'Subtitle version not found';
export const NO_TEXT = 'This subtitle has no WebVTT text to edit: choose the encoding its file is read with in Edit Subtitle';
const SEND_TEXT = 'Send the subtitle text as text/vtt';

const VTT_TYPE = 'text/vtt; charset=utf-8';

/** The cue editor's routes (D38): a track's text, its saves and its earlier versions. */
export default async function subtitleTextRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  // The text arrives as sent (a string, never decoded further); text/plain has Fastify's own parser.
  app.addContentTypeParser('text/vtt', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const sendVtt = (reply: FastifyReply, text: string) => reply.type(VTT_TYPE).header('cache-control', 'private, no-store').send(text);

  /** The live track `subId` of the request's account; replies 404 (and returns null) when it is none. */
  const liveTrack = async (request: FastifyRequest, reply: FastifyReply, subId: number) => {
    const row = await app.subtitles.get(request.accountId, subId);
    if (!row) fail(reply, 404, SUBTITLE_NOT_FOUND);
    return row ?? null;
  };

  /** A precondition the save must meet, or the reply: 428 without If-Match, 412 when it names another version. */
  const precondition = (request: FastifyRequest, reply: FastifyReply, row: SubtitleRow): boolean => {
    const matches = ifMatch(request.headers['if-match']);
    if (matches?.(row.version)) return true;
    if (matches) fail(tagged(reply, row), 412, SUBTITLE_CHANGED, toSubtitleJson(row));
    else fail(reply, 428, IF_MATCH_REQUIRED);
    return false;
  };

  /** A chapters track's text (D66) is refused as PUT /api/files/{id}/chapters refuses it: why, naming the line, or null. */
  const chaptersProblem = async (request: FastifyRequest, row: SubtitleRow, text: string): Promise<string | null> => {
    if (row.track_kind !== 'chapters') return null;
    const file = await app.files.get(request.accountId, row.file_id);
    const durationMs = file ? durationMsOf(file) : null;
    if (durationMs === null) return NO_DURATION;
    const checked = checkChaptersVtt(text, durationMs);
    return checked.ok ? null : checked.problem;
  };

  /** Saves `text` as the track's next version and replies as PUT /api/subs/{id} does. */
  const save = async (
    request: FastifyRequest,
    reply: FastifyReply,
    row: SubtitleRow,
    text: string,
    kind: SavedVersionKind,
    cleaned = 0,
  ) => {
    const outcome = await saveVersion(
      app,
      { accountId: request.accountId, actor: await actorOf(app, request) },
      row,
      row.version,
      text,
      kind,
    );
    if (outcome.kind === 'gone') return fail(reply, 404, SUBTITLE_NOT_FOUND);
    if (outcome.kind === 'quota') return fail(reply, 413, quotaMessage(outcome.usedBytes, app.settings.accountQuotaBytes));
    if (outcome.kind === 'changed') {
      const now = await app.subtitles.get(request.accountId, row.sub_id);
      return now ? fail(tagged(reply, now), 412, SUBTITLE_CHANGED, toSubtitleJson(now)) : fail(reply, 404, SUBTITLE_NOT_FOUND);
    }
    const { sub, versionNo } = outcome;
    await app.recordActivity(request, sub.file_id, kind === 'edit' ? 'subtitle_edit' : 'subtitle_version_restore', {
      sub_id: sub.sub_id,
      sub_lang: sub.sub_lang,
      version_no: versionNo,
    });
    tagged(reply, sub);
    if (cleaned) return { status: 'warning', message: CUE_TEXT_CLEANED, data: toSubtitleJson(sub) };
    return ok(kind === 'edit' ? 'Subtitle text saved' : 'Subtitle version restored', toSubtitleJson(sub));
  };

  app.get(
    '/:sub_id/vtt',
    {
      schema: {
        tags: ['subtitles'],
        summary: "The track's text as the cue editor edits it (its ETag is the subtitle's version)",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        produces: ['text/vtt'],
        response: { 200: vttResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await liveTrack(request, reply, request.params.sub_id);
      if (!row) return reply;
      const text = await currentText(app, row);
      if (text === null) return fail(reply, 409, NO_TEXT);
      return sendVtt(tagged(reply, row), text);
    },
  );

  app.put(
    '/:sub_id/content',
    {
      bodyLimit: SUBTITLE_MAX_BYTES,
      schema: {
        tags: ['subtitles'],
        summary: "Save the track's edited text as its next version (the player serves it at once; the original upload stays)",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        consumes: ['text/vtt', 'text/plain'],
        headers: requiredIfMatch,
        response: { 200: envelope(subtitleSchema), 412: staleResponse(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await liveTrack(request, reply, request.params.sub_id);
      if (!row || !precondition(request, reply, row)) return reply;
      if (typeof request.body !== 'string') return fail(reply, 400, SEND_TEXT);
      const text = await app.renditionMaker.savable(request.body);
      if (!text.ok) return fail(reply, 400, text.problem);
      const problem = await chaptersProblem(request, row, text.text);
      if (problem) return fail(reply, 400, problem);
      return save(request, reply, row, text.text, 'edit', text.cleaned);
    },
  );

  app.get(
    '/:sub_id/versions',
    {
      schema: {
        tags: ['subtitles'],
        summary: "The track's versions, newest first (1 is the upload; the last 20 saves are kept)",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        response: { 200: versionsReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await liveTrack(request, reply, request.params.sub_id);
      if (!row) return reply;
      const saved = (await app.subtitleVersions.list(row.sub_id)).map((v) => ({
        version_no: v.version_no,
        kind: v.kind,
        size: v.size,
        created_at: new Date(v.created_at).toISOString(),
        actor: v.actor,
      }));
      const upload = { version_no: 1, kind: 'upload', size: row.sub_size, created_at: new Date(row.created_at).toISOString(), actor: null };
      return ok('Subtitle versions loaded', [...saved, upload]);
    },
  );

  /** Version n's text, or null (the reply sent) when the track or the version is not there. */
  const versionText = async (reply: FastifyReply, row: SubtitleRow, n: number) => {
    if (n === 1) {
      const renditionIsVersion = row.rendition_name !== null && (await app.subtitleVersions.isVersion(row.sub_id, row.rendition_name));
      const text = await uploadText(app, row, renditionIsVersion ? null : row.rendition_name);
      if (text === null) fail(reply, 409, NO_TEXT);
      return text;
    }
    const version = await app.subtitleVersions.get(row.sub_id, n);
    const stored = version ? await app.store.get(version.storage_name).catch(nullWhenGone) : null;
    if (!stored) fail(reply, 404, VERSION_NOT_FOUND); // never saved, or gone with its retention since it was read
    return stored ? stored.toString('utf8') : null;
  };

  app.get(
    '/:sub_id/versions/:n/vtt',
    {
      schema: {
        tags: ['subtitles'],
        summary: "One version's text",
        security: apiKeySecurity,
        params: versionParams,
        produces: ['text/vtt'],
        response: { 200: vttResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await liveTrack(request, reply, request.params.sub_id);
      if (!row) return reply;
      const text = await versionText(reply, row, request.params.n);
      return text === null ? reply : sendVtt(reply, text);
    },
  );

  app.post(
    '/:sub_id/versions/:n/restore',
    {
      schema: {
        tags: ['subtitles'],
        summary: "Save an earlier version's text again, as the track's next version",
        security: apiKeySecurity,
        params: versionParams,
        headers: requiredIfMatch,
        response: { 200: envelope(subtitleSchema), 412: staleResponse(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await liveTrack(request, reply, request.params.sub_id);
      if (!row || !precondition(request, reply, row)) return reply;
      const text = await versionText(reply, row, request.params.n);
      return text === null ? reply : save(request, reply, row, text, 'restore');
    },
  );
}
