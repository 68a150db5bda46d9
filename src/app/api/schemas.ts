import * as v from 'valibot';
import { FILE_ADDED_FIELDS, fileSchema as fileContract } from '../../contract/file';
import { SUBTITLE_ADDED_FIELDS, subtitleSchema as subtitleContract } from '../../contract/subtitle';

/**
 * Response schemas of the reference API contract (server/README.md, GET /api/openapi.json). Every body is checked against
 * these before a screen sees it, so a malformed reply becomes a clear error instead of a crash.
 */
export const envelopeStatus = v.picklist(['success', 'warning', 'error']);

export const envelope = <T extends v.GenericSchema>(data: T) => v.object({ status: envelopeStatus, message: v.string(), data });

/** An envelope whose data the caller does not read (delete, logout, …). */
export const bareEnvelope = v.object({ status: envelopeStatus, message: v.string(), data: v.optional(v.unknown()) });

/**
 * The File of the contract (src/contract/file.ts), read as a client of any server: what a server without
 * versions, a trash or a pipeline leaves out is absent, and a status code newer than this kit reads
 * 'Unknown' in the list instead of failing it.
 */
export const fileSchema = v.object({
  ...v.partial(fileContract, FILE_ADDED_FIELDS).entries,
  file_status: v.pipe(v.number(), v.integer()),
  // The File of docs/spec.md §3 has them, but a file without pictures is still a file: a server that leaves them
  // out gets no thumbnail, not a failed list.
  file_image: v.nullish(v.string(), null),
  file_slide: v.nullish(v.string(), null),
});
export type VideoFile = v.InferOutput<typeof fileSchema>;

export const fileListSchema = v.object({
  files: v.array(fileSchema),
  pagination: v.object({ total_records: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
});

/** The Subtitle of the contract (src/contract/subtitle.ts); what a server may leave out is absent. */
export const subtitleSchema = v.partial(subtitleContract, SUBTITLE_ADDED_FIELDS);
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
