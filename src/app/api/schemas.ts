import * as v from 'valibot';
import { playerParamsSchema, trashSettingsSchema } from '../../contract/config';
import { envelopeStatusSchema, paginationSchema } from '../../contract/envelope';
import { playerAccessSchema } from '../../contract/player-access';
import { FILE_ADDED_FIELDS, fileSchema as fileContract } from '../../contract/file';
import { SUBTITLE_ADDED_FIELDS, subtitleSchema as subtitleContract } from '../../contract/subtitle';

/**
 * Response schemas of the reference API contract (server/README.md, GET /api/openapi.json). Every body is checked against
 * these before a screen sees it, so a malformed reply becomes a clear error instead of a crash.
 */
export { envelopeSchema as envelope } from '../../contract/envelope';

/** An envelope whose data the caller does not read (delete, logout, …), and of every error. */
export const bareEnvelope = v.object({ status: envelopeStatusSchema, message: v.string(), data: v.optional(v.unknown()) });

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
  pagination: v.object({ total_records: paginationSchema.entries.total_records }),
});

/** The Subtitle of the contract (src/contract/subtitle.ts); what a server may leave out is absent. */
export const subtitleSchema = v.partial(subtitleContract, SUBTITLE_ADDED_FIELDS);
export type Subtitle = v.InferOutput<typeof subtitleSchema>;

/** The account's embed defaults (src/contract/config.ts: player parameters a new snippet starts from). */
export const embedDefaultsSchema = playerParamsSchema;

/**
 * The config of the contract (src/contract/config.ts), read as a client of any server: what the kit
 * reads of it, and a server without accounts, a player theme, embed defaults or a trash leaves them out.
 */
export const configSchema = v.looseObject({
  player: v.looseObject({
    domain: v.string(),
    ui: v.optional(v.record(v.string(), v.unknown()), {}),
    // Malformed defaults are no defaults: the config itself still loads.
    embed: v.fallback(v.optional(embedDefaultsSchema, {}), {}),
    // Where the account's files play unless a file says otherwise; absent (or unreadable): anywhere.
    access: v.fallback(v.optional(playerAccessSchema), undefined),
  }),
  imageHost: v.string(),
  token: v.nullish(v.string(), null),
  trash: v.optional(trashSettingsSchema),
});

export const loginSchema = v.object({ apiKey: v.pipe(v.string(), v.minLength(1)) });
