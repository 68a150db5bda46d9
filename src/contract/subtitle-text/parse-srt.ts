import { srtTextToVtt } from './cue-markup';
import { found, Problems, splitLines, toMs, type Cue, type ParseResult } from './types';

const EXPECTED = 'expected a time line like "00:00:01,000 --> 00:00:02,000"';
// Each side of the arrow. Anchored, no nested quantifiers: linear even on a 5 MB line.
const SRT_TIME = /^(\d{1,3}):(\d{1,2}):(\d{1,2})(?:([,.])(\d{1,3}))?$/;
const INDEX = /^\s*\d+\s*$/;

interface Timing {
  start: number;
  end: number;
  /** The file wrote "00:00:01.000": players accept it, strict ones (some TVs) do not. */
  dot: boolean;
}

function parseTime(text: string): { ms: number; dot: boolean } | null {
  const m = SRT_TIME.exec(text);
  if (!m) return null;
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  if (minutes > 59 || seconds > 59) return null;
  return { ms: toMs(Number(m[1]), minutes, seconds, m[5] ?? ''), dot: m[4] === '.' };
}

/** null when the line has no arrow at all; 'bad' when it has one but the times are unreadable. */
function parseTimeLine(line: string): Timing | 'bad' | null {
  const arrow = line.indexOf('-->');
  if (arrow < 0) return null;
  // Some files put "X1:… Y1:…" coordinates after the end time; players ignore them, so do we.
  const start = parseTime(line.slice(0, arrow).trim());
  const end = parseTime(
    line
      .slice(arrow + 3)
      .trim()
      .split(/\s+/, 1)[0] ?? '',
  );
  if (!start || !end) return 'bad';
  return { start: start.ms, end: end.ms, dot: start.dot || end.dot };
}

const isBlank = (line: string | undefined): boolean => line === undefined || line.trim() === '';

/**
 * Parses SubRip (.srt). Tolerates what players tolerate — a missing cue number, "." before the
 * milliseconds, a missing blank line between cues — and reports the last two (once for ".") because
 * stricter players and converters do fail on them. A block that cannot be read is reported and skipped
 * up to the next blank line, so one bad cue does not hide the rest.
 */
export function parseSrt(text: string): ParseResult {
  const lines = splitLines(text);
  const problems = new Problems();
  const cues: Cue[] = [];
  let reportedDot = false;
  let i = 0;
  const skipBlock = (): void => {
    while (!isBlank(lines[i])) i++;
  };

  while (i < lines.length) {
    while (i < lines.length && isBlank(lines[i])) i++;
    if (i >= lines.length) break;
    let line = lines[i] ?? '';
    let timing = parseTimeLine(line);
    if (timing === null && INDEX.test(line)) {
      i++;
      line = lines[i] ?? '';
      timing = parseTimeLine(line);
      if (i >= lines.length) {
        problems.add(i, `${EXPECTED} after the cue number, found the end of the file`);
        break;
      }
    }
    if (timing === null || timing === 'bad') {
      problems.add(i + 1, `${EXPECTED}, found ${found(line)}`);
      skipBlock();
      continue;
    }
    const timeLine = i + 1;
    if (timing.dot && !reportedDot) {
      reportedDot = true;
      problems.add(timeLine, `expected a "," before the milliseconds (SRT style), found ${found(line)}; most players accept it`);
    }
    if (timing.end < timing.start) problems.add(timeLine, 'the cue ends before it starts');
    i++;

    const textLines: string[] = [];
    while (!isBlank(lines[i])) {
      const current = lines[i] ?? '';
      const nextStartsCue = parseTimeLine(current) !== null || (INDEX.test(current) && parseTimeLine(lines[i + 1] ?? '') !== null);
      if (nextStartsCue) {
        problems.add(i + 1, 'expected a blank line before the next cue');
        break;
      }
      textLines.push(current);
      i++;
    }
    cues.push({ start: timing.start, end: timing.end, text: srtTextToVtt(textLines.join('\n')), line: timeLine });
  }
  return { cues, problems: problems.list };
}
