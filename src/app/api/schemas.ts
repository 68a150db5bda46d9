import * as v from 'valibot';

/**
 * Response schemas of the reference API contract (server/README.md, GET /api/openapi.json). Every body is checked against
 * these before a screen sees it, so a malformed reply becomes a clear error instead of a crash.
 */
export const envelopeStatus = v.picklist(['success', 'warning', 'error']);

export const envelope = <T extends v.GenericSchema>(data: T) => v.object({ status: envelopeStatus, message: v.string(), data });

/** An envelope whose data the caller does not read (delete, logout, …). */
export const bareEnvelope = v.object({ status: envelopeStatus, message: v.string(), data: v.optional(v.unknown()) });

const flag = v.picklist([0, 1]);

export const fileSchema = v.object({
  file_id: v.pipe(v.number(), v.integer()),
  file_server: v.string(),
  file_title: v.string(),
  file_slug: v.string(),
  file_status: v.pipe(v.number(), v.integer()),
  isActive: flag,
  created_at: v.string(),
  file_image: v.nullish(v.string(), null),
  file_slide: v.nullish(v.string(), null),
  // What a server with a processing pipeline adds; a server without one leaves them out.
  /** Progress of the current step, 0-100. */
  file_progress: v.nullish(v.number()),
  /** Why a step failed (Download Failed, Upload Failed), or what the last step said. */
  file_reason: v.nullish(v.string()),
  file_duration: v.nullish(v.number()),
  file_width: v.nullish(v.number()),
  file_height: v.nullish(v.number()),
  /** Bumped by every change on the server; sent back as If-Match so a stale edit is refused (absent: a server without versions). */
  version: v.nullish(v.number()),
  /** In the trash since (ISO-8601), and when the retention purges it (null: never). Absent from live files. */
  deleted_at: v.nullish(v.string()),
  purge_at: v.nullish(v.string()),
});
export type VideoFile = v.InferOutput<typeof fileSchema>;

export const fileListSchema = v.object({
  files: v.array(fileSchema),
  pagination: v.object({ total_records: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
});

export const subtitleSchema = v.object({
  sub_id: v.pipe(v.number(), v.integer()),
  file_id: v.pipe(v.number(), v.integer()),
  sub_lang: v.string(),
  sub_size: v.pipe(v.number(), v.minValue(0)),
  sub_name: v.optional(v.string()),
  /** The encoding the original is read with (WHATWG name); null or absent from servers that do not say. */
  sub_charset: v.nullish(v.string()),
  created_at: v.string(),
  /** As File's: sent back as If-Match. */
  version: v.nullish(v.number()),
});
export type Subtitle = v.InferOutput<typeof subtitleSchema>;

/** The account's embed defaults (player parameters a new snippet starts from); a server without them sends none. */
export const embedDefaultsSchema = v.object({
  start: v.optional(v.number()),
  autoplay: v.optional(v.boolean()),
  muted: v.optional(v.boolean()),
  loop: v.optional(v.boolean()),
  controls: v.optional(v.boolean()),
  subtitles: v.optional(v.string()),
  title: v.optional(v.boolean()),
});

export const configSchema = v.looseObject({
  player: v.looseObject({
    domain: v.string(),
    ui: v.optional(v.record(v.string(), v.unknown()), {}),
    // Malformed defaults are no defaults: the config itself still loads.
    embed: v.fallback(v.optional(embedDefaultsSchema, {}), {}),
  }),
  imageHost: v.string(),
  token: v.nullish(v.string(), null),
  /** How long the server keeps deleted files in its trash (absent from servers without a trash). */
  trash: v.optional(v.looseObject({ days: v.number() })),
});

export const loginSchema = v.object({ apiKey: v.pipe(v.string(), v.minLength(1)) });
