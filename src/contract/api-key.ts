import * as v from 'valibot';

/**
 * API keys of an account (docs/api.md, API keys): POST /api/keys's body, and the key as GET /api/keys
 * lists it. The kit reads and builds them; the server derives its JSON schemas from here.
 */

/**
 * What a key may do (decision D55): `read` the lists, files, subtitles and activity; `write` all that
 * plus edits, subtitles, bulk jobs and the trash; `upload` add videos and nothing else.
 */
export const API_KEY_SCOPES = ['read', 'write', 'upload'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The longest key name (it names the key in the activity log). */
export const API_KEY_NAME_MAX = 100;

export const apiKeyCreateSchema = v.strictObject({
  name: v.pipe(v.string(), v.regex(/\S/), v.maxLength(API_KEY_NAME_MAX)),
  scope: v.picklist(API_KEY_SCOPES),
  /** ISO-8601, in the future; absent: the key never expires. */
  expires_at: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type ApiKeyCreate = v.InferOutput<typeof apiKeyCreateSchema>;

export const apiKeySchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  name: v.string(),
  scope: v.picklist(API_KEY_SCOPES),
  /** ISO-8601. */
  created_at: v.string(),
  /** The day (UTC, YYYY-MM-DD) of the key's last use; null when never used. */
  last_used_on: v.nullable(v.string()),
  /** ISO-8601; null when the key never expires. */
  expires_at: v.nullable(v.string()),
});
export type ApiKeyJson = v.InferOutput<typeof apiKeySchema>;
