import { isLanguageCode } from '../../../src/contract/subtitles';
import { toSubtitleJson, type SubtitleRow } from '../db/subtitles-repository';
import { ifMatch, tagged } from '../lib/etag';
import { trackFacts } from '../subtitles/track-facts';
import { parseCharset } from '../subtitles/subtitle-content';
import { replaceRendition } from '../subtitles/replace-rendition';
import { nullWhenGone } from '../db/subtitle-store';
import { isUniqueViolation } from '../db/engine';
import { contentDisposition } from '../lib/text';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, envelope, errorResponses, idParam, ifMatchHeader, permanentQuery, staleResponse } from '../schemas/common';
import { FILE_NOT_FOUND, SUBTITLE_CHANGED, SUBTITLE_NOT_FOUND } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';
import { originalResponse, subtitleEditBodySchema, subtitleListReplySchema, subtitleSchema } from '../schemas/subtitles';

export const TRACK_CHANGED = 'This subtitle was changed meanwhile. Reload it and try again.';
export const SUBTITLE_NOT_IN_TRASH = 'Subtitle not found in the trash';
export const CHAPTERS_TAKEN = 'This file has other chapters now: delete them first to bring these back';

export default async function subtitleRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/',
    {
      schema: {
        tags: ['subtitles'],
        summary: "A file's subtitle tracks, newest first",
        security: apiKeySecurity,
        querystring: idParam('file_id'),
        response: { 200: subtitleListReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { file_id: fileId } = request.query;
      if (!(await app.files.get(request.accountId, fileId))) return fail(reply, 404, FILE_NOT_FOUND);
      const subs = (await app.subtitles.listForFile(request.accountId, fileId)).map(toSubtitleJson);
      return ok(subs.length ? 'Subtitles loaded' : 'No subtitles available', { subs });
    },
  );

  app.get(
    '/:sub_id',
    {
      schema: {
        tags: ['subtitles'],
        summary: 'One subtitle track (its ETag is its version)',
        security: apiKeySecurity,
        params: idParam('sub_id'),
        response: { 200: envelope(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      tagged(reply, row);
      return ok('Subtitle loaded', toSubtitleJson(row));
    },
  );

  app.put(
    '/:sub_id',
    {
      schema: {
        tags: ['subtitles'],
        summary: "Change a subtitle's language, or the encoding its original is read with (the player copy is rebuilt from the original)",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        body: subtitleEditBodySchema,
        headers: ifMatchHeader,
        response: { 200: envelope(subtitleSchema), 412: staleResponse(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      const precondition = ifMatch(request.headers['if-match']);
      if (precondition && !precondition(row.version)) return fail(tagged(reply, row), 412, SUBTITLE_CHANGED, toSubtitleJson(row));
      // With If-Match the write also waits for no other change since that read.
      const expected = precondition ? row.version : undefined;
      const named = parseCharset(request.body.sub_charset);
      if (named.error) return fail(reply, 400, named.error);
      // The language may be left out when only the encoding changes.
      const givenLang = (request.body.sub_lang ?? '').trim().toLowerCase();
      if (!givenLang && !named.charset) return fail(reply, 400, 'Please select a language');
      if (givenLang && !isLanguageCode(givenLang)) return fail(reply, 400, `Unknown language code: ${givenLang}`);
      // Only what the request changes is written: a concurrent edit of the other column stays.
      const lang = givenLang && givenLang !== row.sub_lang ? givenLang : undefined;
      const charsetChanged = named.charset !== undefined && named.charset !== row.sub_charset;
      if (lang === undefined && !charsetChanged) {
        tagged(reply, row);
        return { status: 'warning', message: 'No changes to save', data: toSubtitleJson(row) };
      }
      const stale = async () => {
        const now = await app.subtitles.get(request.accountId, row.sub_id);
        return now ? fail(tagged(reply, now), 412, SUBTITLE_CHANGED, toSubtitleJson(now)) : fail(reply, 404, SUBTITLE_NOT_FOUND);
      };
      const updatedOk = async (updated: SubtitleRow) => {
        await app.recordActivity(request, row.file_id, 'subtitle_update', {
          ...(await trackFacts(app.store, updated)),
          ...(updated.sub_lang !== row.sub_lang ? { language: { before: row.sub_lang, after: updated.sub_lang } } : {}),
          ...(updated.sub_charset !== row.sub_charset ? { charset: { before: row.sub_charset, after: updated.sub_charset } } : {}),
        });
        tagged(reply, updated);
        return ok('Subtitle updated successfully', toSubtitleJson(updated));
      };

      if (!charsetChanged) {
        const updated = await app.subtitles.setLanguage(request.accountId, row.sub_id, lang!, expected);
        if (updated) return updatedOk(updated);
        return expected === undefined ? fail(reply, 404, SUBTITLE_NOT_FOUND) : stale();
      }
      // Rebuilt from the untouched original, so any earlier choice can be undone. Gone: the track was
      // deleted for good since it was read.
      const original = await app.store.get(row.storage_name).catch(nullWhenGone);
      if (!original) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      const made = await app.renditionMaker.make(original, row.sub_name, named.charset, undefined, { handOver: true });
      if (!made.ok) return fail(reply, 400, made.reason);
      const replaced = await replaceRendition(app, request.accountId, row, made, lang, expected);
      if (replaced === 'gone') return fail(reply, 404, SUBTITLE_NOT_FOUND);
      if (replaced === 'changed') return expected === undefined ? fail(reply, 409, TRACK_CHANGED) : stale();
      return updatedOk(replaced);
    },
  );

  app.delete(
    '/:sub_id',
    {
      schema: {
        tags: ['subtitles'],
        summary:
          "Move a subtitle to the account's trash (POST /api/subs/{sub_id}/restore brings it back); with permanent=1, delete one of the trash for good",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        querystring: permanentQuery,
        headers: ifMatchHeader,
        response: { 200: envelope(), 412: staleResponse(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.query.permanent) {
        const trashed = await app.subtitles.getTrashed(request.accountId, request.params.sub_id);
        const facts = trashed ? await trackFacts(app.store, trashed) : null;
        if (trashed && facts && (await app.purgeSubtitle(request.accountId, trashed.sub_id))) {
          await app.recordActivity(request, trashed.file_id, 'subtitle_purge', facts);
          return ok('Subtitle deleted successfully');
        }
        return fail(reply, 404, SUBTITLE_NOT_IN_TRASH);
      }
      const result = await app.subtitles.trash(request.accountId, request.params.sub_id, app.clock(), ifMatch(request.headers['if-match']));
      if (result.kind === 'not_found') return fail(reply, 404, SUBTITLE_NOT_FOUND);
      if (result.kind === 'stale') return fail(tagged(reply, result.sub), 412, SUBTITLE_CHANGED, toSubtitleJson(result.sub));
      await app.recordActivity(request, result.sub.file_id, 'subtitle_trash', await trackFacts(app.store, result.sub));
      return ok('Subtitle deleted successfully');
    },
  );

  app.post(
    '/:sub_id/restore',
    {
      schema: {
        tags: ['subtitles'],
        summary: 'Bring a subtitle back from the trash as it was',
        security: apiKeySecurity,
        params: idParam('sub_id'),
        response: { 200: envelope(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      // A chapters track cannot come back beside the file's newer one (D66: one live per file).
      const row = await app.subtitles.restore(request.accountId, request.params.sub_id).catch((err: unknown) => {
        if (isUniqueViolation(err)) return 'chapters_taken' as const;
        throw err;
      });
      if (row === 'chapters_taken') return fail(reply, 409, CHAPTERS_TAKEN);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_IN_TRASH);
      await app.recordActivity(request, row.file_id, 'subtitle_restore', await trackFacts(app.store, row));
      tagged(reply, row);
      return ok('Subtitle restored', toSubtitleJson(row));
    },
  );

  app.get(
    '/:sub_id/content',
    {
      schema: {
        tags: ['subtitles'],
        summary: 'The original subtitle file, byte for byte as uploaded, as a download',
        security: apiKeySecurity,
        params: idParam('sub_id'),
        produces: ['application/octet-stream'],
        response: { 200: originalResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      const bytes = await app.store.get(row.storage_name).catch(nullWhenGone);
      if (!bytes) return fail(reply, 404, SUBTITLE_NOT_FOUND); // deleted for good since it was read
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(row.sub_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
