import * as v from 'valibot';
import { playerAccessSchema } from './player-access';

/**
 * GET /api/config's data and the account's embed defaults that PUT /api/config sets (docs/api.md,
 * Config). The kit validates the reply with it and builds the body; the server derives its JSON schemas
 * from it. The keys are in the order the server writes them.
 */

/** Ten hours: a start beyond any video's length is a typo, not a wish. */
export const START_MAX_SECONDS = 36_000;

/** A language code as a player URL names a subtitle track (`en`, `pt-BR`). */
export const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/**
 * What a player URL may ask for (player-params.ts reads and writes them), and so the embed defaults an
 * account keeps for every new snippet; a missing field is the player's default.
 */
export const playerParamsSchema = v.object({
  /** Seconds from which playback starts. */
  start: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(START_MAX_SECONDS))),
  /** Starts playing at once; browsers allow that only without sound, so it implies `muted`. */
  autoplay: v.optional(v.boolean()),
  muted: v.optional(v.boolean()),
  loop: v.optional(v.boolean()),
  /** `false` hides the control bar (`controls=0`). */
  controls: v.optional(v.boolean()),
  /**
   * The language code of the subtitle track shown from the start, as LANGUAGE_CODE has it: the server's
   * JSON schema checks it (a pattern, from LANGUAGE_CODE) and player-params.ts drops any other, so the
   * kit's bundle does not carry a regex check for it.
   */
  subtitles: v.optional(v.string()),
  /** `false` hides the title above the video (`title=0`). */
  title: v.optional(v.boolean()),
});

export type PlayerParams = v.InferOutput<typeof playerParamsSchema>;

/** An account's downloads setting (decision D67): off until it is set. */
export const downloadsSettingSchema = v.object({ allowed: v.boolean() });

/**
 * The body of PUT /api/config: the account's embed defaults and/or where its files' players may play by
 * default (a key it does not list is dropped; a missing one is left as it is).
 */
export const embedDefaultsBodySchema = v.object({
  player: v.optional(v.object({ embed: v.optional(playerParamsSchema), access: v.optional(playerAccessSchema) })),
  /** Whether the account's files may be downloaded unless a file says otherwise (decision D67). */
  downloads: v.optional(downloadsSettingSchema),
});

/** How long a deleted file or subtitle stays in the trash; 0 days: kept until deleted for good. */
export const trashSettingsSchema = v.object({ days: v.pipe(v.number(), v.integer()) });

/** The data of GET /api/config. */
export const configSchema = v.object({
  /** Who is signed in, so the panel can say it. */
  account: v.object({ username: v.string() }),
  player: v.object({
    /** Player link = domain + encodeURIComponent(file_slug). */
    domain: v.string(),
    ui: v.object({ primaryColor: v.optional(v.string()), autoplay: v.optional(v.boolean()), controls: v.optional(v.boolean()) }),
    embed: v.optional(playerParamsSchema),
    /** Where the account's files play unless a file says otherwise (player-access.ts); absent: anywhere. */
    access: v.optional(playerAccessSchema),
  }),
  /** Image URL = imageHost + file_image. */
  imageHost: v.string(),
  token: v.nullable(v.string()),
  trash: v.optional(trashSettingsSchema),
  /** Whether the account's files may be downloaded; absent: never set (not allowed). */
  downloads: v.optional(downloadsSettingSchema),
});

export type ConfigJson = v.InferOutput<typeof configSchema>;
