import { srtTextToVtt } from './cue-markup';
import { found, isJsSpace, lineTable, Problems, type Cue, type ParseResult, type Problem } from './types';

const EXPECTED = 'expected a time line like "00:00:01,000 --> 00:00:02,000"';

const isSpace = (code: number): boolean =>
  code === 0x20 || code === 0x09 || code === 0x0c || code === 0x0b || code === 0xa0 || code === 0xfeff;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * Reads "H:MM:SS,mmm" (1-3 hour digits, 1-2 minute and second digits, "," or "." and 1-3 fraction
 * digits, or none) from `line` at `from`, spaces around it skipped, up to `to` or, when `stopAtSpace`,
 * the first space after it. Scanned by hand: a 5 MB file has 150,000 of these, and a regex with its
 * captures, slices and trims made every one cost several strings.
 */
/** The value of two ASCII digits at `at`, or -1. */
function twoDigits(line: string, at: number): number {
  const tens = line.charCodeAt(at) - 0x30;
  const ones = line.charCodeAt(at + 1) - 0x30;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

function readClock(line: string, from: number, to: number, stopAtSpace: boolean, out: { ms: number; dot: boolean }): boolean {
  let i = from;
  while (i < to && isSpace(line.charCodeAt(i))) i++;
  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  let ms = 0;
  // "HH:MM:SS,mmm", what nearly every file writes, read at fixed places (the loop below reads it the
  // same way, a third slower); every other form goes through the loop.
  const separator = line.charCodeAt(i + 8);
  const fraction = twoDigits(line, i + 9);
  if (
    i + 12 <= to &&
    (separator === 0x2c || separator === 0x2e) &&
    line.charCodeAt(i + 2) === 0x3a &&
    line.charCodeAt(i + 5) === 0x3a &&
    (hours = twoDigits(line, i)) >= 0 &&
    (minutes = twoDigits(line, i + 3)) >= 0 &&
    (seconds = twoDigits(line, i + 6)) >= 0 &&
    fraction >= 0 &&
    isDigit(line.charCodeAt(i + 11))
  ) {
    ms = fraction * 10 + line.charCodeAt(i + 11) - 0x30;
    out.dot = separator === 0x2e;
    i += 12;
  } else {
    // Hours (1-3 digits), minutes, seconds (1-2 digits each), each but the last followed by ":".
    for (let part = 0; part < 3; part++) {
      const start = i;
      let value = 0;
      while (i < to && isDigit(line.charCodeAt(i)) && i - start < (part === 0 ? 3 : 2)) value = value * 10 + line.charCodeAt(i++) - 0x30;
      if (i === start) return false;
      if (part === 0) hours = value;
      else if (part === 1) minutes = value;
      else seconds = value;
      if (part < 2 && line.charCodeAt(i++) !== 0x3a) return false;
    }
    const separator = line.charCodeAt(i);
    out.dot = separator === 0x2e;
    if (separator === 0x2c || separator === 0x2e) {
      const start = ++i;
      let fraction = 0;
      while (i < to && isDigit(line.charCodeAt(i)) && i - start < 3) fraction = fraction * 10 + line.charCodeAt(i++) - 0x30;
      if (i === start) return false;
      ms = fraction * 10 ** (3 - (i - start));
    }
  }
  if (i < to && !isSpace(line.charCodeAt(i))) return false;
  if (!stopAtSpace) while (i < to) if (!isSpace(line.charCodeAt(i++))) return false;
  if (minutes > 59 || seconds > 59) return false;
  out.ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
  return true;
}

const startClock = { ms: 0, dot: false };
const endClock = { ms: 0, dot: false };

/**
 * Parses SubRip (.srt). Tolerates what players tolerate — a missing cue number, "." before the
 * milliseconds, a missing blank line between cues — and reports the last two (once for ".") because
 * stricter players and converters do fail on them. A block that cannot be read is reported and skipped
 * up to the next blank line, so one bad cue does not hide the rest.
 */
export function parseSrt(text: string): ParseResult {
  const cues: Cue[] = [];
  const problems = readSrt(text, (start, end, cueText, line) => {
    cues.push({ start, end, text: cueText, line });
  });
  return { cues, problems };
}

/**
 * {@link parseSrt}'s reading, each cue handed to `onCue` as it is read (its text as WebVTT cue text)
 * instead of kept: the server's rendition of a .srt writes each one and keeps none. Returns the problems.
 *
 * Lines are read by their offsets in the text (see lineTable): a 5 MB file has 300,000 lines, and
 * only cue text becomes strings. Each question below is answered as the string method named in its
 * comment would answer it on the line.
 */
export function readSrt(text: string, onCue: (start: number, end: number, text: string, line: number) => void): Problem[] {
  const { count, bounds } = lineTable(text);
  const problems = new Problems();
  let reportedDot = false;
  // Most files have no markup at all: then no cue needs srtTextToVtt's scan (three native searches instead of 76,000 scans).
  const markup = text.includes('<') || text.includes('&') || text.includes('{');
  /** The first "-->" at or after `arrowFrom` (-1: none): searched again only once passed, so linear in the text. */
  let arrow = -1;
  let arrowFrom = Infinity;

  const lineText = (k: number): string => (k < count ? text.slice(bounds[2 * k], bounds[2 * k + 1]) : '');
  /** `line.trim() === ''`; true past the last line. */
  const isBlank = (k: number): boolean => {
    for (let i = bounds[2 * k]!, end = k < count ? bounds[2 * k + 1]! : 0; i < end; i++) if (!isJsSpace(text.charCodeAt(i))) return false;
    return true;
  };
  /** `/^\s*\d+\s*$/.test(line)`: a cue number. */
  const isIndex = (k: number): boolean => {
    if (k >= count) return false;
    const end = bounds[2 * k + 1]!;
    let i = bounds[2 * k]!;
    while (i < end && isJsSpace(text.charCodeAt(i))) i++;
    const digits = i;
    while (i < end && isDigit(text.charCodeAt(i))) i++;
    if (i === digits) return false;
    while (i < end && isJsSpace(text.charCodeAt(i))) i++;
    return i === end;
  };
  /** `line.indexOf('-->')`, as an offset in the text. */
  const arrowIn = (k: number): number => {
    if (k >= count) return -1;
    const start = bounds[2 * k]!;
    if (start < arrowFrom || (arrow >= 0 && arrow < start)) {
      arrowFrom = start;
      arrow = text.indexOf('-->', start);
    }
    return arrow >= 0 && arrow + 3 <= bounds[2 * k + 1]! ? arrow : -1;
  };
  /** null when the line has no arrow at all; false when it has one but the times are unreadable; else true, the times in startClock and endClock. */
  const timing = (k: number): boolean | null => {
    const at = arrowIn(k);
    // Some files put "X1:… Y1:…" coordinates after the end time; players ignore them, so do we.
    return at < 0
      ? null
      : readClock(text, bounds[2 * k]!, at, false, startClock) && readClock(text, at + 3, bounds[2 * k + 1]!, true, endClock);
  };

  let i = 0;
  while (i < count) {
    while (i < count && isBlank(i)) i++;
    if (i >= count) break;
    let times = timing(i);
    if (times === null && isIndex(i)) {
      i++;
      times = timing(i);
      if (i >= count) {
        problems.add(i, `${EXPECTED} after the cue number, found the end of the file`);
        break;
      }
    }
    if (!times) {
      problems.add(i + 1, `${EXPECTED}, found ${found(lineText(i))}`);
      while (!isBlank(i)) i++;
      continue;
    }
    const { ms: start, dot } = startClock;
    const end = endClock.ms;
    const timeLine = i + 1;
    if ((dot || endClock.dot) && !reportedDot) {
      reportedDot = true;
      problems.add(timeLine, `expected a "," before the milliseconds (SRT style), found ${found(lineText(i))}; most players accept it`);
    }
    if (end < start) problems.add(timeLine, 'the cue ends before it starts');
    i++;

    let cueText: string | null = null;
    while (!isBlank(i)) {
      const nextStartsCue = arrowIn(i) >= 0 || (isIndex(i) && arrowIn(i + 1) >= 0);
      if (nextStartsCue) {
        problems.add(i + 1, 'expected a blank line before the next cue');
        break;
      }
      const current = lineText(i);
      cueText = cueText === null ? current : `${cueText}\n${current}`;
      i++;
    }
    onCue(start, end, markup ? srtTextToVtt(cueText ?? '') : (cueText ?? ''), timeLine);
  }
  return problems.list;
}
