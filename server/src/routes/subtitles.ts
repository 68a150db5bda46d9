import type { FastifyInstance } from 'fastify';
import { isLanguageCode } from '../../../src/contract/subtitles';
import { toSubtitleJson } from '../db/subtitles-repository';
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

  app.put<{ Params: { sub_id: number }; Body: { sub_lang?: string } }>(
    '/:sub_id',
    {
      schema: {
        tags: ['subtitles'],
        summary: "Change a subtitle's language",
        security: apiKeySecurity,
        params: idParam('sub_id'),
        body: { type: 'object', properties: { sub_lang: { type: 'string', maxLength: 20 } } },
        response: { 200: envelope(subtitleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const lang = (request.body?.sub_lang ?? '').trim().toLowerCase();
      const row = await app.subtitles.get(request.accountId, request.params.sub_id);
      if (!row) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      if (!lang) return fail(reply, 400, 'Please select a language');
      if (!isLanguageCode(lang)) return fail(reply, 400, `Unknown language code: ${lang}`);
      if (lang === row.sub_lang) return { status: 'warning', message: 'No changes to save', data: toSubtitleJson(row) };
      await app.subtitles.updateLang(request.accountId, row.sub_id, lang);
      return ok('Subtitle updated successfully', toSubtitleJson({ ...row, sub_lang: lang }));
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
      const storedName = await app.subtitles.delete(request.accountId, request.params.sub_id);
      if (storedName === null) return fail(reply, 404, SUBTITLE_NOT_FOUND);
      await app.store.delete([storedName]);
      return ok('Subtitle deleted successfully');
    },
  );

  app.get<{ Params: { sub_id: number } }>(
    '/:sub_id/content',
    {
      schema: {
        tags: ['subtitles'],
        summary: 'The stored subtitle file, as a download',
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
