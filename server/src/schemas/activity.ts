import { envelope } from './common';

// Schemas of the activity route: GET /api/files/:id/activity.

export const activitySchema = {
  type: 'object',
  required: ['activity_id', 'at', 'actor', 'source', 'action', 'detail'],
  properties: {
    activity_id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    actor: {
      type: 'string',
      description:
        "The account that made the change; for complete and fail, the worker that processed the file (its file_server, else 'pipeline'); 'retention' for the trash retention",
    },
    source: { type: 'string', enum: ['panel', 'api', 'pipeline', 'cli', 'retention'] },
    action: {
      type: 'string',
      enum: [
        'create',
        'complete',
        'fail',
        'update',
        'trash',
        'restore',
        'purge',
        'subtitle_add',
        'subtitle_update',
        'subtitle_trash',
        'subtitle_restore',
        'subtitle_purge',
        'subtitle_edit',
        'subtitle_version_restore',
      ],
    },
    detail: {
      type: 'object',
      additionalProperties: true,
      description:
        'create: {via: upload|url|tus, file_title, file_slug}; fail: {reason}; update: {field: {before, after}} for file_title, file_slug, isActive; purge: {file_title, file_slug}; subtitle_*: {sub_id, sub_lang, format, sha256}',
    },
  },
} as const;

export const activityQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
    before: { type: 'integer', minimum: 1, description: 'Entries older than this activity_id (the next page)' },
  },
} as const;

export const activityReplySchema = envelope({
  type: 'object',
  required: ['activity', 'purged'],
  properties: {
    activity: { type: 'array', items: activitySchema },
    purged: {
      type: 'boolean',
      description: 'The file was deleted for good: its log stays readable by its account until VP_ACTIVITY_DAYS drops it',
    },
  },
});
