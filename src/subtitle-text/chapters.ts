/**
 * A file's chapters (decision D66): a WebVTT track of kind "chapters", one cue per chapter whose text is
 * its title. Written either as WebVTT or as the "00:00 Intro" lines of a video description; both are
 * checked here, by the server before it stores them and by the editor before it previews them, so the
 * same line is named for the same fault on both sides.
 */
import { formatVttTime, parseVttDocument, vttCues, type VttPart } from './vtt-document';
import { vttSaveProblem } from './edit-text';
import { clockTime } from './clock-time';

export interface Chapter {
  /** Milliseconds. */
  start: number;
  end: number;
  title: string;
}

export type ChaptersCheck = { ok: true; chapters: Chapter[]; vtt: string } | { ok: false; problem: string };

/** A chapter title is one line: the WebVTT cue it becomes must not end early or look like a timing line. */
const TITLE_MAX = 200;

/** `[h:]mm:ss` or `m:ss`, then the title, after spaces or a dash as descriptions write them ("0:00 - Intro"). */
const CHAPTER_LINE = /^\s*(?:(\d{1,3}):)?(\d{1,3}):(\d{2})(?!\d)\s*(?:[-–—|]\s*)?(.*)$/;

const clock = (ms: number): string => clockTime(ms / 1000);

/** Chapters (starts in seconds) as the "0:00 Intro" lines parseChapterLines reads back. */
export const chapterLines = (chapters: readonly { start: number; title: string }[]): string =>
  chapters.map((c) => `${clockTime(c.start)} ${c.title}\n`).join('');

const quoted = (text: string): string => `"${text.length > 80 ? `${text.slice(0, 80)}…` : text}"`;

/** Why a chapter's title cannot be kept, or null. */
function titleProblem(title: string): string | null {
  if (!title) return 'has no title';
  if (title.includes('-->')) return 'has "-->" in its title';
  if (title.length > TITLE_MAX) return `has a title longer than ${TITLE_MAX} characters`;
  return null;
}

/** The chapters as a WebVTT chapters track (hours always written: the player reads either). */
export function chaptersVtt(chapters: readonly Chapter[]): string {
  return `WEBVTT\n\n${chapters.map((c) => `${formatVttTime(c.start, true)} --> ${formatVttTime(c.end, true)}\n${c.title}\n`).join('\n')}`;
}

/**
 * "00:00 Intro" lines (blank lines skipped), each chapter running until the next one starts and the last
 * until the end of the video (`durationMs`). Refused, naming the line: a line that is not a time and a
 * title, a chapter that does not start after the one before it, or one at or after the end of the video.
 */
export function parseChapterLines(text: string, durationMs: number): ChaptersCheck {
  const read: { start: number; title: string; line: number }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    const line = index + 1;
    const m = CHAPTER_LINE.exec(raw);
    const [hours, minutes, seconds] = m ? [Number(m[1] ?? 0), Number(m[2]), Number(m[3])] : [0, 0, 0];
    if (!m || seconds > 59 || (m[1] !== undefined && minutes > 59)) {
      return { ok: false, problem: `Line ${line}: ${quoted(raw.trim())} is not a chapter (a time, then its title, as 00:00 Intro)` };
    }
    const start = ((hours * 60 + minutes) * 60 + seconds) * 1000;
    const title = m[4]!.trim();
    const problem = titleProblem(title);
    if (problem) return { ok: false, problem: `Line ${line}: the chapter at ${clock(start)} ${problem}` };
    const before = read.at(-1);
    if (before && start <= before.start) {
      return {
        ok: false,
        problem: `Line ${line}: ${clock(start)} is not after the chapter before it (${clock(before.start)}): chapters go in order`,
      };
    }
    if (start >= durationMs)
      return { ok: false, problem: `Line ${line}: ${clock(start)} is not before the end of the video (${clock(durationMs)})` };
    read.push({ start, title, line });
  }
  if (!read.length) return { ok: false, problem: 'No chapters: write one a line, a time then its title, as 00:00 Intro' };
  const chapters = read.map((c, i) => ({ start: c.start, end: read[i + 1]?.start ?? durationMs, title: c.title }));
  return { ok: true, chapters, vtt: chaptersVtt(chapters) };
}

/** Lines a part spans (a cue: its identifier line, its timing line and its payload). */
const lineCount = (part: VttPart): number =>
  part.kind === 'cue' ? (part.written.idLine ? 1 : 0) + 1 + part.written.payload.length : part.lines.length;

/**
 * A WebVTT chapters track, as sent: refused, naming the cue's timing line, when a cue has no title (or
 * more than one line of it), ends before it starts, overlaps the one before it (or comes before it), or
 * ends after the video (`durationMs`). The text is kept as written.
 */
export function checkChaptersVtt(text: string, durationMs: number): ChaptersCheck {
  const plain = text.replace(/^\uFEFF/, '');
  const doc = parseVttDocument(plain);
  const problem = vttSaveProblem(doc);
  if (problem) return { ok: false, problem };
  const chapters: Chapter[] = [];
  let line = 1;
  for (const part of doc.parts) {
    const at = line + (part.kind === 'cue' && part.written.idLine ? 1 : 0);
    line += lineCount(part);
    if (part.kind !== 'cue') continue;
    const span = `${formatVttTime(part.start, false)} --> ${formatVttTime(part.end, false)}`;
    const title = part.text.trim();
    const fault =
      titleProblem(title) ??
      (title.includes('\n') ? 'has a title of more than one line' : null) ??
      (part.end <= part.start ? 'ends before it starts' : null);
    if (fault) return { ok: false, problem: `Line ${at}: the chapter ${span} ${fault}` };
    const before = chapters.at(-1);
    if (before && part.start < before.end) {
      const why = part.start < before.start ? 'comes before the chapter before it: chapters go in order' : 'overlaps the chapter before it';
      return {
        ok: false,
        problem: `Line ${at}: the chapter ${span} ${why} (${formatVttTime(before.start, false)} --> ${formatVttTime(before.end, false)})`,
      };
    }
    if (part.end > durationMs) return { ok: false, problem: `Line ${at}: the chapter ${span} ends after the video (${clock(durationMs)})` };
    chapters.push({ start: part.start, end: part.end, title });
  }
  if (!chapters.length) return { ok: false, problem: 'No chapters: a chapters track has one cue per chapter, its title as its text' };
  return { ok: true, chapters, vtt: plain };
}

/** The chapters of a stored track (checked when it was saved): its cues, in seconds. */
export function readChapters(text: string): { start: number; end: number; title: string }[] {
  return vttCues(parseVttDocument(text.replace(/^\uFEFF/, ''))).map((cue) => ({
    start: cue.start / 1000,
    end: cue.end / 1000,
    title: cue.text.trim(),
  }));
}
