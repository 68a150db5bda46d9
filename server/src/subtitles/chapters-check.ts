import { checkChaptersVtt, parseChapterLines, type ChaptersCheck } from '../../../src/subtitle-text/chapters';
import type { FileRow } from '../db/files';

/** Chapters are checked against the video's length (D66): refused while it is not known. */
export const NO_DURATION = 'Chapters can be added once the video is processed: its duration is not known yet';

/** Milliseconds of the file's video, or null while it is not known (not processed yet). */
export const durationMsOf = (file: Pick<FileRow, 'file_duration'>): number | null =>
  file.file_duration ? Math.round(file.file_duration * 1000) : null;

/** A chapters text as sent, checked against the video's length: WebVTT, or "00:00 Intro" lines. */
export const checkSentChapters = (text: string, contentType: string | undefined, durationMs: number): ChaptersCheck =>
  /^text\/vtt\b/i.test(contentType ?? '') ? checkChaptersVtt(text, durationMs) : parseChapterLines(text, durationMs);
