import * as v from 'valibot';

/**
 * The Subtitle of the API: what GET /api/subs lists and every subtitle reply holds. Written once for
 * the kit (which validates replies with it) and the reference server (which derives its JSON schemas
 * from it). The keys are in the order the server writes them.
 */
export const subtitleSchema = v.object({
  sub_id: v.pipe(v.number(), v.integer()),
  file_id: v.pipe(v.number(), v.integer()),
  sub_lang: v.string(),
  /** Bytes stored. */
  sub_size: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The sanitised original file name (metadata only). */
  sub_name: v.string(),
  created_at: v.string(),
  /** The encoding the original is read with (WHATWG name, or utf-32le/be); null until its rendition is built. */
  sub_charset: v.nullable(v.string()),
  /** As File's: sent back as If-Match. */
  version: v.pipe(v.number(), v.integer()),
});

export type SubtitleJson = v.InferOutput<typeof subtitleSchema>;

/** The fields a server that does not keep names, encodings or versions leaves out: a client reads them as absent. */
export const SUBTITLE_ADDED_FIELDS = ['sub_name', 'sub_charset', 'version'] as const satisfies readonly (keyof SubtitleJson)[];
