/**
 * One subtitle cue: times in milliseconds from the start of the video, `text` as WebVTT cue text
 * (only <i>, <b>, <u> and WebVTT's own tags; "&" and "<" escaped), `line` = 1-based line of its timing.
 */
export interface Cue {
  start: number;
  end: number;
  text: string;
  line: number;
  /** WebVTT cue settings ("align:start line:0"), kept for the rendition. */
  settings?: string;
}

/** Something in the file a player may choke on, in plain words, with the 1-based line it was found on. */
export interface Problem {
  line: number;
  message: string;
}

/** What every parser returns. `problems` keeps only the first {@link MAX_PROBLEMS}. */
export interface ParseResult {
  cues: Cue[];
  problems: Problem[];
}

/** The UI shows one problem and maybe a short list; more than this is noise and costs memory on a 5 MB file. */
export const MAX_PROBLEMS = 20;

/** Collects problems, keeping the first {@link MAX_PROBLEMS}, and formats them the same way everywhere. */
export class Problems {
  readonly list: Problem[] = [];

  add(line: number, message: string): void {
    if (this.list.length < MAX_PROBLEMS) this.list.push({ line, message: `Line ${line}: ${message}` });
  }
}

/** Where each line of a text starts and ends (its terminator excluded), without a string per line: line k is [bounds[2k], bounds[2k + 1]). */
export interface LineTable {
  count: number;
  bounds: Uint32Array;
}

/**
 * The lines of `text`, split on \r\n, \r or \n, as offsets: old Mac files use a bare \r, and a line
 * number that is off by one is worse than no line number at all. A leading BOM is left out of line 1
 * (it survives when a caller decodes the bytes itself and would make that line unrecognisable).
 * Offsets instead of strings: a 5 MB file has 300,000 lines, and a string for each (plus a copy
 * without its "\r") was a third of its parsing time, mostly in the garbage collector.
 */
export function lineTable(text: string): LineTable {
  let bounds = new Uint32Array(2048);
  let count = 0;
  let start = text.startsWith('\uFEFF') ? 1 : 0;
  // The next "\n" and "\r" at or after `start`, searched again only once passed: linear in the text.
  let lf = -1;
  let cr = -1;
  for (;;) {
    if (lf < start) lf = text.indexOf('\n', start);
    if (cr < start) cr = text.indexOf('\r', start);
    if (lf < 0) lf = text.length;
    if (cr < 0) cr = text.length;
    if (2 * count === bounds.length) {
      const grown = new Uint32Array(4 * count);
      grown.set(bounds);
      bounds = grown;
    }
    bounds[2 * count] = start;
    bounds[2 * count++ + 1] = Math.min(lf, cr);
    if (cr < lf) start = cr + 1 === lf ? lf + 1 : cr + 1;
    else if (lf < text.length) start = lf + 1;
    else return { count, bounds };
  }
}

/** The lines of `text` as strings, split as {@link lineTable} splits them. */
export function splitLines(text: string): string[] {
  const { count, bounds } = lineTable(text);
  const lines = new Array<string>(count);
  for (let k = 0; k < count; k++) lines[k] = text.slice(bounds[2 * k], bounds[2 * k + 1]);
  return lines;
}

/** A character `String.prototype.trim` and the regex `\s` remove: JavaScript's white space and line terminators. */
export const isJsSpace = (code: number): boolean =>
  code === 0x20 ||
  (code >= 0x09 && code <= 0x0d) ||
  (code > 0x9f &&
    (code === 0xa0 ||
      code === 0x1680 ||
      (code >= 0x2000 && code <= 0x200a) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000 ||
      code === 0xfeff));

/** Quotes what was found for a message, shortened so a 5 MB line does not end up in a toast. */
export function found(line: string): string {
  const trimmed = line.trim();
  return `"${trimmed.length > 40 ? `${trimmed.slice(0, 40)}…` : trimmed}"`;
}

/** Milliseconds from clock parts; `fraction` is the digits after the separator ("5" = 500 ms, "05" = 50 ms). */
export function toMs(hours: number, minutes: number, seconds: number, fraction: string): number {
  // Integer arithmetic (no "0.5" string to parse): 76,000 cues of a 5 MB file call this twice each.
  const digits = fraction.length;
  const ms = digits === 0 ? 0 : digits <= 3 ? Number(fraction) * 10 ** (3 - digits) : Math.round(Number(fraction) / 10 ** (digits - 3));
  return ((hours * 60 + minutes) * 60 + seconds) * 1000 + ms;
}
