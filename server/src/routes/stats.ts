import type { FastifyReply } from 'fastify';
import { dayOf } from '../db/view-rollup';
import type { ViewStats } from '../db/view-stats-repository';
import { fail, ok } from '../plugins/errors';
import { apiKeySecurity, errorResponses, idParam } from '../schemas/common';
import { FILE_NOT_FOUND } from '../schemas/messages';
import type { RouteApp } from '../schemas/route-types';
import { accountStatsReplySchema, fileStatsReplySchema, statsCsvResponse, statsQuerySchema } from '../schemas/stats';

const DAY_MS = 86_400_000;
/** Files GET /api/stats lists by views. */
const TOP_FILES = 10;

export const BAD_DATE = 'from and to must be days (YYYY-MM-DD), from no later than to';
export const rangeTooLong = (days: number) => `The date range is too long: at most ${days} days`;

/** A YYYY-MM-DD that names a real day (2026-02-30 does not). */
const realDay = (text: string): boolean =>
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && dayOf(Date.parse(`${text}T00:00:00Z`)) === text;

const csv = (stats: ViewStats): string =>
  `date,views,watch_seconds\r\n${stats.days.map((d) => `${d.date},${d.views},${d.watch_seconds}\r\n`).join('')}`;

/**
 * The view stats (decision D54): a file's (`/files/:id/stats`, its account's alone: another account
 * gets the 404 of any file not its own; a file in the trash has none) and the account's live files'
 * with its top files (`/stats`), for a range of UTC days (default the last 30), as JSON or CSV.
 */
export default async function statsRoutes(app: RouteApp): Promise<void> {
  app.addHook('onRequest', app.authenticate);

  /** The query's days, or the 400 it gets. */
  const rangeOf = (query: { from?: string; to?: string }, reply: FastifyReply): { from: string; to: string } | null => {
    const to = query.to ?? dayOf(app.clock());
    // The default start is counted from a real day only (dayOf throws on an invalid time).
    const from = query.from ?? (realDay(to) ? dayOf(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS) : '');
    if (!realDay(from) || !realDay(to) || from > to) {
      fail(reply, 400, BAD_DATE);
      return null;
    }
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (days > app.settings.analyticsDays) {
      fail(reply, 400, rangeTooLong(app.settings.analyticsDays));
      return null;
    }
    return { from, to };
  };

  const fileStats = async (accountId: number, fileId: number, query: { from?: string; to?: string }, reply: FastifyReply) => {
    const range = rangeOf(query, reply);
    if (!range) return null;
    if (!(await app.files.get(accountId, fileId))) {
      fail(reply, 404, FILE_NOT_FOUND);
      return null;
    }
    return { range, stats: await app.viewStats.fileStats(fileId, range.from, range.to) };
  };

  app.get(
    '/files/:id/stats',
    {
      schema: {
        tags: ['analytics'],
        summary: "A file's views, watch time, sites and retention per UTC day (default the last 30 days)",
        security: apiKeySecurity,
        params: idParam('id'),
        querystring: statsQuerySchema,
        response: { 200: fileStatsReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await fileStats(request.accountId, request.params.id, request.query, reply);
      return found && ok('Stats loaded', found.stats);
    },
  );

  app.get(
    '/files/:id/stats.csv',
    {
      schema: {
        tags: ['analytics'],
        summary: "A file's views and watch time per UTC day as CSV (default the last 30 days)",
        security: apiKeySecurity,
        params: idParam('id'),
        querystring: statsQuerySchema,
        response: { 200: statsCsvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await fileStats(request.accountId, request.params.id, request.query, reply);
      if (!found) return reply;
      const name = `views-${request.params.id}-${found.range.from}-${found.range.to}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv(found.stats));
    },
  );

  app.get(
    '/stats',
    {
      schema: {
        tags: ['analytics'],
        summary:
          "The account's views, watch time, sites and retention per UTC day over its live files, and its top files (default the last 30 days)",
        security: apiKeySecurity,
        querystring: statsQuerySchema,
        response: { 200: accountStatsReplySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const range = rangeOf(request.query, reply);
      if (!range) return reply;
      const stats = await app.viewStats.accountStats(request.accountId, range.from, range.to);
      const topFiles = await app.viewStats.topFiles(request.accountId, range.from, range.to, TOP_FILES);
      return ok('Stats loaded', { ...stats, top_files: topFiles });
    },
  );

  app.get(
    '/stats.csv',
    {
      schema: {
        tags: ['analytics'],
        summary: "The account's views and watch time per UTC day as CSV (default the last 30 days)",
        security: apiKeySecurity,
        querystring: statsQuerySchema,
        response: { 200: statsCsvResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const range = rangeOf(request.query, reply);
      if (!range) return reply;
      const stats = await app.viewStats.accountStats(request.accountId, range.from, range.to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="views-${range.from}-${range.to}.csv"`)
        .send(csv(stats));
    },
  );
}
