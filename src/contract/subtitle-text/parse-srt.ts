import { srtTextToVtt } from './cue-markup';
import { found, Problems, splitLines, type Cue, type ParseResult } from './types';

const EXPECTED = 'expected a time line like "00:00:01,000 --> 00:00:02,000"';
const INDEX = /^\s*\d+\s*$/;

interface Timing {
  start: number;
  end: number;
  /** The file wrote "00:00:01.000": players accept it, strict ones (some TVs) do not. */
  dot: boolean;
}

const isSpace = (code: number): boolean =>
  code === 0x20 || code === 0x09 || code === 0x0c || code === 0x0b || code === 0xa0 || code === 0xfeff;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * Reads "H:MM:SS,mmm" (1-3 hour digits, 1-2 minute and second digits, "," or "." and 1-3 fraction
 * digits, or none) from `line` at `from`, spaces around it skipped, up to `to` or, when `stopAtSpace`,
 * the first space after it. Scanned by hand: a 5 MB file has 150,000 of these, and a regex with its
 * captures, slices and trims made every one cost several strings.
 */
function readClock(line: string, from: number, to: number, stopAtSpace: boolean, out: { ms: number; dot: boolean }): boolean {
  let i = from;
  while (i < to && isSpace(line.charCodeAt(i))) i++;
  const parts = [0, 0, 0];
  for (let part = 0; part < 3; part++) {
    const start = i;
    let value = 0;
    while (i < to && isDigit(line.charCodeAt(i)) && i - start < (part === 0 ? 3 : 2)) value = value * 10 + line.charCodeAt(i++) - 0x30;
    if (i === start) return false;
    parts[part] = value;
    if (part < 2 && line.charCodeAt(i++) !== 0x3a) return false;
  }
  let ms = 0;
  const separator = line.charCodeAt(i);
  out.dot = separator === 0x2e;
  if (separator === 0x2c || separator === 0x2e) {
    const start = ++i;
    let fraction = 0;
    while (i < to && isDigit(line.charCodeAt(i)) && i - start < 3) fraction = fraction * 10 + line.charCodeAt(i++) - 0x30;
    if (i === start) return false;
    ms = fraction * 10 ** (3 - (i - start));
  }
  if (i < to && !isSpace(line.charCodeAt(i))) return false;
  if (!stopAtSpace) while (i < to) if (!isSpace(line.charCodeAt(i++))) return false;
  if (parts[1]! > 59 || parts[2]! > 59) return false;
  out.ms = ((parts[0]! * 60 + parts[1]!) * 60 + parts[2]!) * 1000 + ms;
  return true;
}

const startClock = { ms: 0, dot: false };
const endClock = { ms: 0, dot: false };

/** null when the line has no arrow at all; 'bad' when it has one but the times are unreadable. */
function parseTimeLine(line: string): Timing | 'bad' | null {
  const arrow = line.indexOf('-->');
  if (arrow < 0) return null;
  // Some files put "X1:… Y1:…" coordinates after the end time; players ignore them, so do we.
  if (!readClock(line, 0, arrow, false, startClock) || !readClock(line, arrow + 3, line.length, true, endClock)) return 'bad';
  return { start: startClock.ms, end: endClock.ms, dot: startClock.dot || endClock.dot };
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

    let text: string | null = null;
    while (!isBlank(lines[i])) {
      const current = lines[i] ?? '';
      const nextStartsCue = current.includes('-->') || (INDEX.test(current) && (lines[i + 1] ?? '').includes('-->'));
      if (nextStartsCue) {
        problems.add(i + 1, 'expected a blank line before the next cue');
        break;
      }
      text = text === null ? current : `${text}\n${current}`;
      i++;
    }
    cues.push({ start: timing.start, end: timing.end, text: srtTextToVtt(text ?? ''), line: timeLine });
  }
  return { cues, problems: problems.list };
}
