import * as v from 'valibot';
import { FILE_STATUS_MAX } from './file-status';
import { playerAccessSchema } from './player-access';

/**
 * The File of the API: what GET /api/files/ lists and every file reply holds. The kit validates
 * replies with it and the reference server derives its JSON schemas and reply type from it, so the
 * shape is written here only. The keys are in the order the server writes them (its
 * replies' bytes are the same since the shape moved here).
 */

const integer = v.pipe(v.number(), v.integer());

/** A file's processing status code: set by the pipeline, read-only through the API. */
export const fileStatusSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(FILE_STATUS_MAX));

/** 0 or 1, as isActive and the query's flags are written. */
export const flagSchema = v.picklist([0, 1]);

/** A stored download of a file (decision D67). */
export const downloadSchema = v.object({ url: v.string(), bytes: integer });

export const fileSchema = v.object({
  file_id: integer,
  file_server: v.string(),
  file_title: v.string(),
  file_slug: v.string(),
  file_status: fileStatusSchema,
  isActive: flagSchema,
  /** ISO-8601, as every time of the API. */
  created_at: v.string(),
  file_image: v.nullable(v.string()),
  file_slide: v.nullable(v.string()),
  /** Progress of the pipeline's current stage, in whole percents. */
  file_progress: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100))),
  file_reason: v.nullable(v.string()),
  /** Seconds. */
  file_duration: v.nullable(v.number()),
  file_width: v.nullable(integer),
  file_height: v.nullable(integer),
  /** Bumped by every change; sent back as If-Match so that a stale edit is refused. */
  version: integer,
  /** In the trash since; null while live. */
  deleted_at: v.nullable(v.string()),
  /** When the trash purges it; null while live, or when the trash keeps files for ever. */
  purge_at: v.nullable(v.string()),
  /** Where its player may play (player-access.ts); absent or null: its account's default (config player.access). */
  player_access: v.optional(v.nullable(playerAccessSchema)),
  /**
   * When a schedule turns the file active, and inactive (ISO-8601): present only while one is set; a
   * file event carries null when it is cleared or has run.
   */
  activate_at: v.optional(v.nullable(v.string())),
  deactivate_at: v.optional(v.nullable(v.string())),
  /** Views of the last 30 UTC days, today's included (docs/api.md, View analytics); absent where a server counts none. */
  views_30d: v.optional(integer),
  /** Whether it may be downloaded (decision D67); absent or null: its account's setting (config downloads). */
  downloads: v.optional(v.nullable(v.boolean())),
  /** Its MP4 and its audio-only M4A while they are stored: `url` relative to config player.domain, and their bytes. */
  download_video: v.optional(downloadSchema),
  download_audio: v.optional(downloadSchema),
});

export type FileJson = v.InferOutput<typeof fileSchema>;

/**
 * The fields the spec's File does not have (docs/spec.md): a server without versions, a trash or a
 * processing pipeline leaves them out, and a client reads them as absent.
 */
export const FILE_ADDED_FIELDS = [
  'version',
  'deleted_at',
  'purge_at',
  'file_progress',
  'file_reason',
  'file_duration',
  'file_width',
  'file_height',
  'activate_at',
  'deactivate_at',
  'views_30d',
  'downloads',
  'download_video',
  'download_audio',
] as const satisfies readonly (keyof FileJson)[];
