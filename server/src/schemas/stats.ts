import { csvResponse, envelope } from './common';

// Schemas of the view stats routes: GET /api/files/:id/stats, GET /api/stats and their CSV (decision D54).

const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A UTC day, YYYY-MM-DD' } as const;

export const statsQuerySchema = {
  type: 'object',
  properties: {
    from: { ...DATE, description: 'The first day (UTC, YYYY-MM-DD); default: 29 days before `to`' },
    to: { ...DATE, description: 'The last day (UTC, YYYY-MM-DD), included; default: today' },
  },
} as const;

const count = { type: 'integer', minimum: 0 } as const;
const seconds = { type: 'number', minimum: 0, description: 'Seconds actually played (a seek adds nothing)' } as const;

const statsProperties = {
  totals: {
    type: 'object',
    required: ['views', 'watch_seconds', 'sessions'],
    properties: {
      views: { ...count, description: 'Page loads of the player that played 3 s or reached the end' },
      watch_seconds: seconds,
      sessions: { ...count, description: 'Page loads that played at all (views and shorter ones)' },
    },
  },
  days: {
    type: 'array',
    description: 'Every day of the range, oldest first (days without views too)',
    items: {
      type: 'object',
      required: ['date', 'views', 'watch_seconds'],
      properties: { date: DATE, views: count, watch_seconds: seconds },
    },
  },
  sites: {
    type: 'array',
    description: 'The 20 sites that embedded the player with the most views, by the host of their page',
    items: { type: 'object', required: ['host', 'views'], properties: { host: { type: 'string' }, views: count } },
  },
  countries: {
    type: 'array',
    description: 'The 20 countries with the most views (only where VP_COUNTRY_HEADER names a trusted proxy’s header)',
    items: { type: 'object', required: ['country', 'views'], properties: { country: { type: 'string' }, views: count } },
  },
  retention: {
    type: 'array',
    description: 'The share of views (0 to 1) that reached each tenth of the video: 0 %, 10 %, … 90 %',
    items: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

const statsRequired = ['totals', 'days', 'sites', 'countries', 'retention'];

export const fileStatsReplySchema = envelope({ type: 'object', required: statsRequired, properties: statsProperties });

export const accountStatsReplySchema = envelope({
  type: 'object',
  required: [...statsRequired, 'top_files'],
  properties: {
    ...statsProperties,
    top_files: {
      type: 'array',
      description: 'The 10 live files with the most views over the range',
      items: {
        type: 'object',
        required: ['file_id', 'file_title', 'views', 'watch_seconds'],
        properties: { file_id: { type: 'integer' }, file_title: { type: 'string' }, views: count, watch_seconds: seconds },
      },
    },
  },
});

export const statsCsvResponse = csvResponse('date,views,watch_seconds: one line a UTC day of the range');
