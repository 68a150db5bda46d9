import { ACTIVITY_ACTIONS, ACTIVITY_SOURCES, activityEntrySchema, activityPageSchema } from '../../../src/contract/activity';
import { envelope } from './common';
import { contractSchema } from './from-contract';

// Schemas of the activity route: GET /api/files/:id/activity (src/contract/activity.ts).

const entry = contractSchema(activityEntrySchema);
const { activity_id, at, actor, source, action } = entry.properties;

export const activitySchema = {
  type: 'object',
  required: entry.required,
  properties: {
    activity_id,
    at: { ...at, format: 'date-time' },
    actor: {
      ...actor,
      description:
        "The account that made the change; for complete and fail, the worker that processed the file (its file_server, else 'pipeline'); 'retention' for the trash retention",
    },
    // What this server writes (a reader takes any text: the contract's entry says so).
    source: { ...source, enum: ACTIVITY_SOURCES },
    action: { ...action, enum: ACTIVITY_ACTIONS },
    detail: {
      type: 'object',
      additionalProperties: true,
      description:
        'create: {via: upload|url|tus, file_title, file_slug}; fail: {reason}; downloads_fail: {reason}; update: {field: {before, after}} for file_title, file_slug, isActive; purge: {file_title, file_slug}; subtitle_*: {sub_id, sub_lang, format, sha256}',
    },
  },
};

export const activityQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    before: { type: 'integer', minimum: 1, description: 'Entries older than this activity_id (the next page)' },
  },
} as const;

const page = contractSchema(activityPageSchema, {
  purged: { description: 'The file was deleted for good: its log stays readable by its account until VP_ACTIVITY_DAYS drops it' },
});

export const activityReplySchema = envelope({
  type: 'object',
  required: page.required,
  properties: { activity: { type: 'array', items: activitySchema }, purged: page.properties.purged },
});
