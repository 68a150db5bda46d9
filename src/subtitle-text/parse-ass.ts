import { escapeCueText } from './cue-markup';
import { found, Problems, splitLines, toMs, type Cue, type ParseResult } from './types';

// ASS times are H:MM:SS.cc (centiseconds); some tools write milliseconds, players read both.
const ASS_TIME = /^(\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d{1,3}))?$/;
/** Used when [Events] has no Format line: the ASS default, same columns as SSA's (Marked in place of Layer). */
const DEFAULT_FORMAT = ['layer', 'start', 'end', 'style', 'name', 'marginl', 'marginr', 'marginv', 'effect', 'text'];

function parseTime(text: string): number | null {
  const m = ASS_TIME.exec(text.trim());
  if (!m) return null;
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  return minutes > 59 || seconds > 59 ? null : toMs(Number(m[1]), minutes, seconds, m[4] ?? '');
}

/** The override codes that change what a player shows as text: italics, bold, drawing mode. */
const STYLE_CODE = /\\([ibp])(\d+)/g;

/**
 * ASS dialogue text as WebVTT cue text, in one left-to-right pass: {\i1}…{\i0} and {\b1}…{\b0}
 * (or a weight such as \b700) become <i> and <b>, every other override block is removed, the commands
 * of a drawing ({\p1}…{\p0}, vector shapes) are dropped, \N and \n become line breaks, \h a no-break
 * space, and the text itself is escaped.
 */
export function assTextToVtt(raw: string): string {
  let out = '';
  const open = { i: false, b: false };
  let drawing = false;
  let i = 0;
  const toggle = (tag: 'i' | 'b', on: boolean): void => {
    if (open[tag] === on) return;
    open[tag] = on;
    out += on ? `<${tag}>` : `</${tag}>`;
  };
  while (i < raw.length) {
    const brace = raw.indexOf('{', i);
    const close = brace < 0 ? -1 : raw.indexOf('}', brace + 1);
    const textEnd = close < 0 ? raw.length : brace;
    if (!drawing)
      out += escapeCueText(raw.slice(i, textEnd))
        .replace(/\\[Nn]/g, '\n')
        .replace(/\\h/g, '\u00A0');
    if (close < 0) break;
    for (const [, code, value] of raw.slice(brace + 1, close).matchAll(STYLE_CODE)) {
      const on = Number(value) > 0 && value !== '400';
      if (code === 'p') drawing = on;
      else toggle(code as 'i' | 'b', on);
    }
    i = close + 1;
  }
  toggle('b', false);
  toggle('i', false);
  return out;
}

/** Splits "a, b, c, text, with, commas" into `count` fields; the last keeps its commas. */
function splitFields(value: string, count: number): string[] | null {
  const fields: string[] = [];
  let from = 0;
  for (let f = 0; f < count - 1; f++) {
    const comma = value.indexOf(',', from);
    if (comma < 0) return null;
    fields.push(value.slice(from, comma).trim());
    from = comma + 1;
  }
  fields.push(value.slice(from));
  return fields;
}

/**
 * Parses Advanced SubStation Alpha (.ass) and SubStation Alpha (.ssa): the [Events] section's Format
 * line says which columns hold Start, End and Text, and each Dialogue line is one cue. Other sections
 * (styles, fonts, graphics) do not affect whether text shows, so they are skipped unread.
 */
export function parseAss(text: string): ParseResult {
  const lines = splitLines(text);
  const problems = new Problems();
  const cues: Cue[] = [];
  let section = '';
  let format: string[] | null = null;
  let columns = { start: 1, end: 2, text: 9 };
  let sawContent = false;
  let reportedNoFormat = false;

  lines.forEach((line, index) => {
    const lineNo = index + 1;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith(';') || trimmed.startsWith('!:')) return;
    if (!sawContent) {
      sawContent = true;
      if (trimmed.toLowerCase() !== '[script info]') {
        problems.add(lineNo, `expected "[Script Info]" as the first line of an ASS/SSA file, found ${found(trimmed)}`);
      }
    }
    if (trimmed.startsWith('[') && trimmed.endsWith(']')) {
      section = trimmed.slice(1, -1).trim().toLowerCase();
      return;
    }
    if (section !== 'events') return;
    const colon = trimmed.indexOf(':');
    if (colon < 0) {
      problems.add(lineNo, `expected a line like "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hello", found ${found(trimmed)}`);
      return;
    }
    const key = trimmed.slice(0, colon).trim().toLowerCase();
    const value = trimmed.slice(colon + 1).trimStart();
    if (key === 'format') {
      const names = value.split(',').map((name) => name.trim().toLowerCase());
      const start = names.indexOf('start');
      const end = names.indexOf('end');
      const textColumn = names.indexOf('text');
      if (start < 0 || end < 0 || textColumn !== names.length - 1) {
        problems.add(lineNo, 'expected the Format line to name Start, End and, last, Text');
        return;
      }
      format = names;
      columns = { start, end, text: textColumn };
      return;
    }
    if (key !== 'dialogue') return;
    if (!format && !reportedNoFormat) {
      reportedNoFormat = true;
      problems.add(lineNo, 'expected a "Format:" line in [Events] before the first "Dialogue:" line; assuming the usual columns');
    }
    const fields = splitFields(value, (format ?? DEFAULT_FORMAT).length);
    if (!fields) {
      problems.add(lineNo, `expected ${(format ?? DEFAULT_FORMAT).length} comma-separated fields, found ${found(trimmed)}`);
      return;
    }
    const start = parseTime(fields[columns.start] ?? '');
    const end = parseTime(fields[columns.end] ?? '');
    if (start === null || end === null) {
      problems.add(
        lineNo,
        `expected a time like "0:00:01.00", found ${found((start === null ? fields[columns.start] : fields[columns.end]) ?? '')}`,
      );
      return;
    }
    if (end < start) problems.add(lineNo, 'the cue ends before it starts');
    cues.push({ start, end, text: assTextToVtt(fields[columns.text] ?? ''), line: lineNo });
  });
  // Players show dialogue by time, whatever order the file lists it in (the sort is stable).
  cues.sort((a, b) => a.start - b.start);
  return { cues, problems: problems.list };
}
