import { sanitizeVttText } from './cue-markup';
import { found, Problems, splitLines, toMs, type Cue, type ParseResult } from './types';

const EXPECTED = 'expected a time line like "00:00:01.000 --> 00:00:02.000"';
// WebVTT timestamps as browsers read them: hours optional, of any number of digits (the syntax wants
// two or more, browsers take one), minutes and seconds 00–59, exactly three decimals.
const VTT_TIME = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})/;
// What an SRT habit looks like; browsers drop such a cue, so it deserves its own message.
const COMMA_TIME = /^(?:\d+:)?\d{1,2}:\d{1,2},\d{1,3}$/;
const SIGNATURE = /^WEBVTT(?:[ \t].*)?$/;

const isBlank = (line: string | undefined): boolean => line === undefined || line.trim() === '';

interface Timestamp {
  ms: number;
  /** What follows the timestamp on the line. */
  rest: string;
  oneDigitHour: boolean;
}

function parseTime(text: string): Timestamp | null {
  const m = VTT_TIME.exec(text);
  if (!m) return null;
  return {
    ms: toMs(Number(m[1] ?? 0), Number(m[2]), Number(m[3]), m[4] ?? ''),
    rest: text.slice(m[0].length),
    oneDigitHour: m[1]?.length === 1,
  };
}

/** The cue settings WebVTT defines, each as `name:value` without markup; anything else is dropped. */
const SETTING = /^(?:vertical|line|position|size|align|region):[^\s<>&"']+$/;
const keptSettings = (settings: string): string =>
  settings
    .split(/[ \t]+/)
    .filter((setting) => SETTING.test(setting))
    .join(' ');

/**
 * Parses WebVTT (.vtt) the way browsers do: the file must start with "WEBVTT" (browsers refuse the
 * whole track otherwise, so it is reported; the rest is still parsed to count cues), NOTE, STYLE and
 * REGION blocks are skipped, cue identifiers and cue settings are allowed, hours are optional.
 * A cue whose timing browsers would reject is reported and left out of `cues`.
 */
export function parseVtt(text: string): ParseResult {
  const lines = splitLines(text);
  const problems = new Problems();
  const cues: Cue[] = [];
  let i = 0;

  if (SIGNATURE.test(lines[0] ?? '')) {
    // The header block runs to the first blank line; an arrow inside it means the blank line is missing.
    i = 1;
    while (!isBlank(lines[i]) && !(lines[i] ?? '').includes('-->')) i++;
    if (!isBlank(lines[i])) problems.add(i + 1, 'expected a blank line after the "WEBVTT" header');
  } else {
    problems.add(1, 'a WebVTT file must start with "WEBVTT"');
  }
  const skipBlock = (): void => {
    while (!isBlank(lines[i])) i++;
  };

  while (i < lines.length) {
    while (i < lines.length && isBlank(lines[i])) i++;
    if (i >= lines.length) break;
    const first = lines[i] ?? '';
    if (/^NOTE(?:[ \t]|$)/.test(first)) {
      skipBlock();
      continue;
    }
    if (/^(?:STYLE|REGION)[ \t]*$/.test(first)) {
      if (cues.length > 0) problems.add(i + 1, `${first.trim()} blocks must come before the first cue; browsers ignore this one`);
      skipBlock();
      continue;
    }
    // Without an arrow the first line is the cue identifier and the timing must follow it.
    if (!first.includes('-->')) i++;
    const line = lines[i] ?? '';
    if (isBlank(line) || !line.includes('-->')) {
      problems.add(i + 1, `${EXPECTED}, found ${isBlank(line) ? 'an empty line' : found(line)}`);
      skipBlock();
      continue;
    }
    const arrow = line.indexOf('-->');
    const left = line.slice(0, arrow).trim();
    const right = line.slice(arrow + 3).trimStart();
    const startTime = parseTime(left);
    const endTime = parseTime(right);
    if (!startTime || startTime.rest !== '' || !endTime) {
      const bad = !startTime || startTime.rest !== '' ? left : (right.split(/[ \t]+/, 1)[0] ?? '');
      problems.add(
        i + 1,
        COMMA_TIME.test(bad)
          ? `expected a "." before the milliseconds (WebVTT style), found ${found(bad)}; browsers skip this cue`
          : `${EXPECTED}, found ${found(line)}`,
      );
      i++;
      skipBlock();
      continue;
    }
    const start = startTime.ms;
    const end = endTime.ms;
    if (startTime.oneDigitHour || endTime.oneDigitHour) {
      problems.add(i + 1, `expected two digits for the hours, found ${found(line)}; browsers play it, stricter tools may not`);
    }
    if (endTime.rest !== '' && !/^[ \t]/.test(endTime.rest)) {
      problems.add(i + 1, `expected a space before the cue settings, found ${found(line)}; browsers play it, stricter tools may not`);
    }
    const settings = endTime.rest.trim();
    const timeLine = i + 1;
    if (end < start) problems.add(timeLine, 'the cue ends before it starts');
    i++;
    const textLines: string[] = [];
    while (!isBlank(lines[i])) {
      const current = lines[i] ?? '';
      // Browsers end the cue text at a line with an arrow and read it as the next cue's timing.
      if (current.includes('-->')) {
        problems.add(i + 1, 'expected a blank line before the next cue');
        break;
      }
      textLines.push(current);
      i++;
    }
    const kept = keptSettings(settings);
    cues.push({ start, end, text: sanitizeVttText(textLines.join('\n')), line: timeLine, ...(kept ? { settings: kept } : {}) });
  }
  return { cues, problems: problems.list };
}
