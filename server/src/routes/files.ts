import { checkTitle } from '../../../src/contract/file-title';
import { editChanges } from '../db/activity-repository';
import type { FilePatch } from '../db/files-repository';
import { playerAccessProblem } from '../../../src/contract/player-access';
import { queueDownloadsJob } from '../pipeline/file-downloads';
import { toFileJson, type FileRow } from '../db/files';
import { ifMatch, tagged } from '../lib/etag';
import { fail, ok } from '../plugins/errors';
import { FILE_NOT_FOUND, NOT_IN_TRASH } from '../schemas/messages';
import { SCHEDULE_NOT_A_TIME, scheduleProblem, scheduleTime } from '../schedules/schedule-times';
import {
  deleteReplySchema,
  fileSchema,
  LAST_EVENT_ID,
  lastEventIdHeader,
  listQuerySchema,
  listReplySchema,
  updateBodySchema,
} from '../schemas/files';
import { apiKeySecurity, envelope, errorResponses, idParam, ifMatchHeader, permanentQuery, staleResponse } from '../schemas/common';
import type { RouteApp } from '../schemas/route-types';

export const STATUS_READ_ONLY = 'file_status is set by the processing pipeline and cannot be changed';
export const FILE_CHANGED = 'This file was changed since you loaded it: its current version is in data';
export const TRASH_FIRST = 'Only a file in the trash can be deleted for good: delete it once to move it to the trash';

export default async function fileRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const json = (row: FileRow) => toFileJson(row, app.settings.trashDays);

  app.get(
    '/',
    {
      schema: {
        tags: ['files'],
        summary: "List the account's files (or with trashed=1 its trash): paged, sorted, filtered, searched",
        security: apiKeySecurity,
        querystring: listQuerySchema,
        response: { 200: { ...listReplySchema, headers: lastEventIdHeader }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      reply.header(LAST_EVENT_ID, await app.fileEvents.position());
      const { files, total } = await app.files.list(request.accountId, q);
      return ok(total ? 'Files loaded' : 'No files found', {
        files: files.map(json),
        pagination: { page: q.page, limit: q.limit, total_records: total, total_pages: Math.ceil(total / q.limit) },
      });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'One file',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: { ...envelope(fileSchema), headers: lastEventIdHeader }, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header(LAST_EVENT_ID, await app.fileEvents.position());
      const row = await app.files.get(request.accountId, request.params.id);
      if (!row) return fail(reply, 404, FILE_NOT_FOUND);
      tagged(reply, row);
      return ok('File loaded', json(row));
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: "Change a file's title, slug, active flag, schedule, player access or downloads setting (never its status)",
        security: apiKeySecurity,
        params: idParam('id'),
        body: updateBodySchema,
        headers: ifMatchHeader,
        response: { 200: envelope(fileSchema), 412: staleResponse(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('file_status' in body) return fail(reply, 400, STATUS_READ_ONLY);
      const accessProblem = body.player_access ? playerAccessProblem(body.player_access) : null;
      if (accessProblem) return fail(reply, 400, accessProblem);
      const activateAt = scheduleTime(body.activate_at);
      const deactivateAt = scheduleTime(body.deactivate_at);
      if (activateAt === 'invalid' || deactivateAt === 'invalid') return fail(reply, 400, SCHEDULE_NOT_A_TIME);
      const patch: FilePatch = {
        file_slug: body.file_slug,
        isActive: body.isActive,
        player_access: body.player_access,
        activate_at: activateAt,
        deactivate_at: deactivateAt,
        downloads: body.downloads === undefined || body.downloads === null ? body.downloads : body.downloads ? 1 : 0,
      };
      if (body.file_title !== undefined) {
        const checked = checkTitle(body.file_title);
        if ('error' in checked) return fail(reply, 400, checked.error);
        patch.file_title = checked.title;
      }
      const now = app.clock();
      const result = await app.files.update(request.accountId, request.params.id, patch, {
        now,
        precondition: ifMatch(request.headers['if-match']),
        scheduleProblem: (row, changes) => scheduleProblem(row, changes, now),
        // Its MP4 and M4A are made or removed by a job (decision D67), queued with the change: a node that
        // stops after the commit would otherwise leave the setting saved and its downloads never made or removed.
        then: async (tx, before, file) => {
          if (before.downloads !== file.downloads) await queueDownloadsJob(tx, app.jobs, request.accountId, { file_id: file.file_id });
        },
      });
      switch (result.kind) {
        case 'not_found':
          return fail(reply, 404, FILE_NOT_FOUND);
        case 'slug_conflict':
          return fail(reply, 409, 'Slug already in use');
        case 'bad_schedule':
          return fail(reply, 400, result.message);
        case 'stale':
          return fail(tagged(reply, result.file), 412, FILE_CHANGED, json(result.file));
        case 'unchanged':
          tagged(reply, result.file);
          return { status: 'warning', message: 'No changes to save', data: json(result.file) };
        case 'updated':
          await app.recordActivity(request, result.file.file_id, 'update', editChanges(result.before, result.file));
          if (result.before.downloads !== result.file.downloads) app.bulkWorker?.poke(); // its downloads job, queued above
          tagged(reply, result.file);
          return ok('File updated successfully', json(result.file));
      }
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags: ['files'],
        summary: "Move a file (its subtitles with it) to the account's trash; with permanent=1, delete a file of the trash for good",
        security: apiKeySecurity,
        params: idParam('id'),
        querystring: permanentQuery,
        headers: ifMatchHeader,
        response: { 200: deleteReplySchema, 412: staleResponse(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { accountId } = request;
      const fileId = request.params.id;
      if (request.query.permanent) {
        // The log outlives the file (decision D36): its purge says what the file was.
        const trashed = await app.files.getTrashed(accountId, fileId);
        if (trashed && (await app.purgeFile(accountId, fileId))) {
          await app.recordActivity(request, fileId, 'purge', { file_title: trashed.file_title, file_slug: trashed.file_slug });
          return ok('File deleted successfully!');
        }
        return fail(reply, 404, (await app.files.get(accountId, fileId)) ? TRASH_FIRST : NOT_IN_TRASH);
      }
      const result = await app.files.trash(accountId, fileId, app.clock(), ifMatch(request.headers['if-match']));
      if (result.kind === 'not_found') return fail(reply, 404, FILE_NOT_FOUND);
      if (result.kind === 'stale') return fail(tagged(reply, result.file), 412, FILE_CHANGED, json(result.file));
      await app.recordActivity(request, fileId, 'trash');
      return ok('File deleted successfully!', { file: json(result.file) });
    },
  );

  app.post(
    '/:id/restore',
    {
      schema: {
        tags: ['files'],
        summary: 'Bring a file back from the trash as it was: same id, slug, subtitles',
        security: apiKeySecurity,
        params: idParam('id'),
        response: { 200: envelope(fileSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await app.files.restore(request.accountId, request.params.id);
      if (!row) return fail(reply, 404, NOT_IN_TRASH);
      await app.recordActivity(request, row.file_id, 'restore');
      tagged(reply, row);
      return ok('File restored', json(row));
    },
  );
}
