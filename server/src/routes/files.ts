import type { FastifyInstance } from 'fastify';
import { checkTitle } from '../../../src/contract/file-title';
import type { FilePatch } from '../db/files-repository';
import { toFileJson, type ListQuery } from '../db/files';
import { fail, ok } from '../plugins/errors';
import { listQuerySchema, listReplySchema, updateBodySchema } from '../schemas/files';
import { apiKeySecurity, envelope, errorResponses, fileSchema, idParam } from './schemas';

export const FILE_NOT_FOUND = 'File not found';
export const STATUS_READ_ONLY = 'file_status is set by the processing pipeline and cannot be changed';

interface UpdateBody extends FilePatch {
  file_status?: unknown;
}

export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  app.get<{ Querystring: ListQuery }>(
    '/',
    {
      schema: {
        tags: ['files'],
        summary: "List the account's files: paged, sorted, filtered, searched",
        security: apiKeySecurity,
        querystring: listQuerySchema,
        response: { 200: listReplySchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { files, total } = await app.files.list(request.accountId, q);
      return ok(total ? 'Files loaded' : 'No files found', {
        files: files.map(toFileJson),
        pagination: { page: q.page, limit: q.limit, total_records: total, total_pages: Math.ceil(total / q.limit) },
      });
    },
  );

  app.get<{ Params: { id: number } }>(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'One file',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: envelope(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.files.get(request.accountId, request.params.id);
      return row ? ok('File loaded', toFileJson(row)) : fail(reply, 404, FILE_NOT_FOUND);
    },
  );

  app.put<{ Params: { id: number }; Body: UpdateBody }>(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: "Change a file's title, slug or active flag (never its status)",
        security: apiKeySecurity,
        params: idParam('id'),
        body: updateBodySchema,
        response: { 200: envelope(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      if (body.file_status !== undefined) return fail(reply, 400, STATUS_READ_ONLY);
      const patch: FilePatch = { file_slug: body.file_slug, isActive: body.isActive };
      if (body.file_title !== undefined) {
        const checked = checkTitle(body.file_title);
        if ('error' in checked) return fail(reply, 400, checked.error);
        patch.file_title = checked.title;
      }
      const result = await app.files.update(request.accountId, request.params.id, patch);
      switch (result.kind) {
        case 'not_found':
          return fail(reply, 404, FILE_NOT_FOUND);
        case 'slug_conflict':
          return fail(reply, 409, 'Slug already in use');
        case 'unchanged':
          return { status: 'warning', message: 'No changes to save', data: toFileJson(result.file) };
        case 'updated':
          return ok('File updated successfully', toFileJson(result.file));
      }
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Delete a file, its subtitles and their stored content',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: envelope(), ...errorResponses },
      },
    },
    async (request, reply) => {
      // The contents go only after their rows are gone, and a crash in between is in the journal.
      const listed = (await app.subtitles.listForFile(request.accountId, request.params.id)).map((sub) => sub.storage_name);
      await app.storageJournal.begin(listed, app.clock());
      const storedNames = await app.files.delete(request.accountId, request.params.id);
      const lateUploads = (storedNames ?? []).filter((name) => !listed.includes(name));
      await app.storageJournal.begin(lateUploads, app.clock());
      await app.storageJournal.end([...listed, ...lateUploads], storedNames ?? []);
      if (storedNames === null) return fail(reply, 404, FILE_NOT_FOUND);
      return ok('File deleted successfully!');
    },
  );
}
