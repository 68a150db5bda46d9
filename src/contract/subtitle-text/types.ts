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

/**
 * Splits text into lines on \r\n, \r or \n. Old Mac files use a bare \r, and a line number that is off
 * by one is worse than no line number at all.
 */
export function splitLines(text: string): string[] {
  // Native split on "\n" (then a trailing "\r" cut) is several times faster than a regex split on a
  // 5 MB file; the regex stays for files with a bare "\r".
  const lines = /\r(?!\n)/.test(text) ? text.split(/\r\n|\r|\n/) : text.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i]!.endsWith('\r')) lines[i] = lines[i]!.slice(0, -1);
  // A leading BOM survives when a caller decodes the bytes itself; it would make line 1 unrecognisable.
  if (lines[0]?.startsWith('\uFEFF')) lines[0] = lines[0].slice(1);
  return lines;
}

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
