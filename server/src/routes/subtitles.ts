import { newStorageKey } from '../lib/subtitle-store';
import type { FastifyInstance } from 'fastify';
import { isLanguageCode } from '../../../src/contract/subtitles';
import { toSubtitleJson, type TrackChanges } from '../db/subtitles-repository';
import { makeRendition, parseCharset } from '../lib/subtitle-content';
import { contentDisposition } from '../lib/text';
import { fail, ok } from '../plugins/errors';
import { FILE_NOT_FOUND } from './files';
import { apiKeySecurity, envelope, errorResponses, idParam, subtitleSchema } from './schemas';

export const SUBTITLE_NOT_FOUND = 'Subtitle not found';

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
      const lang = (request.body?.sub_lang ?? '').trim().toLowerCase() || (named.charset ? row.sub_lang : '');
      if (!lang) return fail(reply, 400, 'Please select a language');
      if (!isLanguageCode(lang)) return fail(reply, 400, `Unknown language code: ${lang}`);
      const charsetChanged = named.charset !== undefined && named.charset !== row.sub_charset;
      if (lang === row.sub_lang && !charsetChanged) return { status: 'warning', message: 'No changes to save', data: toSubtitleJson(row) };

      const changes: TrackChanges = { sub_lang: lang };
      let vtt: string | null = null;
      if (charsetChanged) {
        // Rebuilt from the untouched original, so any earlier choice can be undone.
        const made = makeRendition(await app.store.get(row.storage_name), row.sub_name, named.charset);
        if (!made.ok) return fail(reply, 400, made.reason);
        vtt = made.vtt;
        changes.sub_charset = made.charset;
        changes.rendition_name = newStorageKey();
      }
      // The new rendition and the one it replaces are journaled: a crash at any point leaves exactly
      // the one the row points at.
      const replaced = changes.rendition_name ? [changes.rendition_name, ...(row.rendition_name ? [row.rendition_name] : [])] : [];
      await app.storageJournal.begin(replaced, app.clock());
      if (vtt !== null && changes.rendition_name) await app.store.put(changes.rendition_name, vtt);
      await app.subtitles.update(row.sub_id, changes).catch(async (err: unknown) => {
        await app.storageJournal.end(replaced, changes.rendition_name ? [changes.rendition_name] : []);
        throw err;
      });
      await app.storageJournal.end(replaced, row.rendition_name && changes.rendition_name ? [row.rendition_name] : []);
      return ok('Subtitle updated successfully', toSubtitleJson({ ...row, ...changes }));
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
      // The content goes only after its row is gone, and a crash in between is in the journal.
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      const keys = [row.storage_name, row.rendition_name].filter((key): key is string => Boolean(key));
      await app.storageJournal.begin(keys, app.clock());
      const storedNames = await app.subtitles.delete(request.accountId, request.params.sub_id);
      await app.storageJournal.end(keys, storedNames ?? []);
      if (storedNames === null) return fail(reply, 404, SUBTITLE_NOT_FOUND);
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
