import * as v from 'valibot';

/**
 * A file's chapters (decision D66), as GET and PUT /api/files/{id}/chapters reply: the chapters track
 * (a WebVTT track of kind "chapters", edited as a subtitle track is: `sub_id` opens it in the cue
 * editor, `version` is its ETag) and its chapters as read from it. The keys are in the order the
 * server writes them.
 */
export const chapterSchema = v.object({
  /** Seconds from the start of the video. */
  start: v.number(),
  end: v.number(),
  title: v.string(),
});

export const chaptersSchema = v.object({
  sub_id: v.pipe(v.number(), v.integer()),
  file_id: v.pipe(v.number(), v.integer()),
  /** Bumped by every change; sent back as If-Match. */
  version: v.pipe(v.number(), v.integer()),
  created_at: v.string(),
  chapters: v.array(chapterSchema),
});

export type ChapterJson = v.InferOutput<typeof chapterSchema>;
export type ChaptersJson = v.InferOutput<typeof chaptersSchema>;
