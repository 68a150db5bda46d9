import * as v from 'valibot';
import { flagSchema } from './file';
import { playerAccessSchema } from './player-access';
import { SLUG_PATTERN } from './file-slug';

/**
 * The body of PUT /api/files/{id} (docs/api.md): the fields a client may change, each optional. The
 * title's rules (file-title.ts) apply once it is trimmed, so the schema only says it is text. A module
 * of its own: the kit's bundle never holds it (its type is all the kit needs).
 */
export const filePatchSchema = v.object({
  file_title: v.optional(v.string()),
  file_slug: v.optional(v.pipe(v.string(), v.regex(new RegExp(SLUG_PATTERN)))),
  isActive: v.optional(flagSchema),
  /** Where its player may play; null: back to the account's default. */
  player_access: v.optional(v.nullable(playerAccessSchema)),
  /** A schedule's time (ISO-8601 with its offset), or null to clear it; in the future, deactivate after activate (decision D56). */
  activate_at: v.optional(v.nullable(v.string())),
  deactivate_at: v.optional(v.nullable(v.string())),
  /** Whether it may be downloaded; null: back to the account's setting (decision D67). */
  downloads: v.optional(v.nullable(v.boolean())),
});

export type FilePatch = v.InferOutput<typeof filePatchSchema>;
