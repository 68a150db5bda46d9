import * as v from 'valibot';

/**
 * The body of PUT /api/subs/{sub_id} (docs/api.md): the language, and the encoding the original is read
 * with; only what changes is sent. Which codes and labels are known is checked after it (subtitles.ts,
 * the server's charset list). A module of its own: the kit's bundle never holds it (its type is all the
 * kit needs).
 */
export const subtitlePatchSchema = v.object({
  sub_lang: v.optional(v.pipe(v.string(), v.maxLength(20))),
  sub_charset: v.optional(v.pipe(v.string(), v.maxLength(40))),
});

export type SubtitlePatch = v.InferOutput<typeof subtitlePatchSchema>;
