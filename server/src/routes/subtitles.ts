import type { FastifyInstance } from 'fastify';
import { isLanguageCode } from '../../../src/contract/subtitles';
import { toSubtitleJson } from '../db/subtitles-repository';
import { parseCharset } from '../lib/subtitle-content';
import { replaceRendition } from '../lib/replace-rendition';
import { contentDisposition } from '../lib/text';
import { fail, ok } from '../plugins/errors';
import { FILE_NOT_FOUND } from './files';
import { apiKeySecurity, envelope, errorResponses, idParam, subtitleSchema } from './schemas';

export const SUBTITLE_NOT_FOUND = 'Subtitle not found';
export const TRACK_CHANGED = 'This subtitle was changed meanwhile. Reload it and try again.';

export default async function subtitleRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: { file_id: number } }>(
    '/',
    {
      schema: {
        tags: ['subtitles'],
        summary: "A file's subtitle tracks, newest first",
        security: apiKeySecurity,
        querystring: idParam('file_id'),
        response: {
          200: envelope({ type: 'object', required: ['subs'], properties: { subs: { type: 'array', items: subtitleSchema } } }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { file_id: fileId } = request.query;
      if (!(await app.files.get(request.accountId, fileId))) return fail(reply, 404, FILE_NOT_FOUND);
      const subs = (await app.subtitles.listForFile(request.accountId, fileId)).map(toSubtitleJson);
      return ok(subs.length ? 'Subtitles loaded' : 'No subtitles available', { subs });
    },
  );

  app.put<{ Params: { sub_id: number }; Body: { sub_lang?: string; sub_charset?: string } }>(
    '/:sub_id',
    {
      schema: {
        tags: ['subtitles'],
        summary: "Change a subtitle's language, or the encoding its original is read with (the player copy is rebuilt from the original)",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        body: {
          type: 'object',
          properties: {
            sub_lang: { type: 'string', maxLength: 20 },
            sub_charset: { type: 'string', maxLength: 40, description: 'A WHATWG encoding label, or utf-32le/be' },
          },
        },
        response: { 200: envelope(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      const named = parseCharset(request.body?.sub_charset);
      if (named.error) return fail(reply, 400, named.error);
      // The language may be left out when only the encoding changes.
      const givenLang = (request.body?.sub_lang ?? '').trim().toLowerCase();
      if (!givenLang && !named.charset) return fail(reply, 400, 'Please select a language');
      if (givenLang && !isLanguageCode(givenLang)) return fail(reply, 400, `Unknown language code: ${givenLang}`);
      // Only what the request changes is written: a concurrent edit of the other column stays.
      const lang = givenLang && givenLang !== row.sub_lang ? givenLang : undefined;
      const charsetChanged = named.charset !== undefined && named.charset !== row.sub_charset;
      if (lang === undefined && !charsetChanged) return { status: 'warning', message: 'No changes to save', data: toSubtitleJson(row) };

      if (!charsetChanged) {
        const updated = await app.subtitles.setLanguage(request.accountId, row.sub_id, lang!);
        return updated ? ok('Subtitle updated successfully', toSubtitleJson(updated)) : fail(reply, 404, SUBTITLE_NOT_FOUND);
      }
      // Rebuilt from the untouched original, so any earlier choice can be undone.
      const made = await app.renditionMaker.make(await app.store.get(row.storage_name), row.sub_name, named.charset);
      if (!made.ok) return fail(reply, 400, made.reason);
      const replaced = await replaceRendition(app, request.accountId, row, made, lang);
      if (replaced === 'gone') return fail(reply, 404, SUBTITLE_NOT_FOUND);
      if (replaced === 'changed') return fail(reply, 409, TRACK_CHANGED);
      return ok('Subtitle updated successfully', toSubtitleJson(replaced));
    },
  );

  app.delete<{ Params: { sub_id: number } }>(
    '/:sub_id',
    {
      schema: {
        tags: ['subtitles'],
        summary: 'Delete a subtitle and its stored content',
        security: apiKeySecurity,
        params: idParam('sub_id'),
        response: { 200: envelope(), ...errorResponses },
      },
    },
    async (request, reply) => {
      // The keys are journaled in the transaction that deletes the row (so they are the keys the row
      // held then, whatever an encoding change did before); the content goes only after the row.
      const storedNames = await app.subtitles.delete(request.accountId, request.params.sub_id, (keys, tx) =>
        app.storageJournal.begin(keys, app.clock(), tx),
      );
      if (storedNames === null) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      await app.storageJournal.end(storedNames, storedNames);
      return ok('Subtitle deleted successfully');
    },
  );

  app.get<{ Params: { sub_id: number } }>(
    '/:sub_id/content',
    {
      schema: {
        tags: ['subtitles'],
        summary: 'The original subtitle file, byte for byte as uploaded, as a download',
        security: apiKeySecurity,
        params: idParam('sub_id'),
        produces: ['application/octet-stream'],
        response: { 200: { type: 'string', format: 'binary', description: 'The bytes as uploaded' }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      const bytes = await app.store.get(row.storage_name);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', contentDisposition(row.sub_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
