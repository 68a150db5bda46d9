import type { Cue } from './types';

/** `n` (0-99) as two ASCII digits at `at`; the index after them. */
function writeTwoDigits(out: Uint8Array, at: number, n: number): number {
  out[at] = 0x30 + ((n / 10) | 0);
  out[at + 1] = 0x30 + (n % 10);
  return at + 2;
}

/**
 * Writes a WebVTT timestamp as ASCII at `at` in `out` (room for 12 bytes, more past 99 hours): 3723004 →
 * "01:02:03.004", hours always written, two digits at least; rounded to the millisecond, never below
 * zero. Returns the index after it. Digits straight into the rendition's bytes: a 5 MB file writes
 * 150,000 timestamps, and a string for each was a tenth of its conversion.
 */
export function writeVttTimestamp(out: Uint8Array, at: number, ms: number): number {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  if (hours < 100) at = writeTwoDigits(out, at, hours);
  else for (const digit of String(hours)) out[at++] = digit.charCodeAt(0);
  out[at++] = 0x3a;
  at = writeTwoDigits(out, at, Math.floor(total / 60_000) % 60);
  out[at++] = 0x3a;
  at = writeTwoDigits(out, at, Math.floor(total / 1000) % 60);
  out[at++] = 0x2e;
  const fraction = total % 1000;
  out[at++] = 0x30 + ((fraction / 100) | 0);
  return writeTwoDigits(out, at, fraction % 100);
}

const timestampBytes = new Uint8Array(32);

/** {@link writeVttTimestamp} as a string: "01:02:03.004". */
export function vttTimestamp(ms: number): string {
  return String.fromCharCode(...timestampBytes.subarray(0, writeVttTimestamp(timestampBytes, 0, ms)));
}

/**
 * One cue's text as a browser must receive it: NUL becomes U+FFFD (what browsers show for it
 * anyway), blank lines are dropped (one would end the cue) and "-->" is escaped (a line with it
 * would be read as the next cue's timing).
 */
function cueBody(text: string): string {
  if (!/\0|-->|(?:^|\n)[ \t]*(?:\n|$)/.test(text)) return text; // most cues: nothing to do
  return text
    .replace(/\0/g, '\uFFFD')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replace(/-->/g, '--&gt;'))
    .join('\n');
}

/**
 * `text` as UTF-8 at `at` in `out` (room for 3 bytes per UTF-16 unit), a lone surrogate as U+FFFD
 * like TextEncoder; the index after it. By hand: `encodeInto` costs a view and a result object per
 * call, more than the encoding itself for 76,000 short cue texts.
 */
function writeUtf8(out: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    let unit = text.charCodeAt(i);
    if (unit < 0x80) {
      out[at++] = unit;
    } else if (unit < 0x800) {
      out[at++] = 0xc0 | (unit >> 6);
      out[at++] = 0x80 | (unit & 0x3f);
    } else {
      if (unit >= 0xd800 && unit <= 0xdfff) {
        const low = text.charCodeAt(i + 1);
        if (unit <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          const point = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          out[at++] = 0xf0 | (point >> 18);
          out[at++] = 0x80 | ((point >> 12) & 0x3f);
          out[at++] = 0x80 | ((point >> 6) & 0x3f);
          out[at++] = 0x80 | (point & 0x3f);
          i++;
          continue;
        }
        unit = 0xfffd;
      }
      out[at++] = 0xe0 | (unit >> 12);
      out[at++] = 0x80 | ((unit >> 6) & 0x3f);
      out[at++] = 0x80 | (unit & 0x3f);
    }
  }
  return at;
}

/**
 * Writes the UTF-8 WebVTT rendition the player serves, cue by cue (their text already WebVTT cue
 * text). Timings are rewritten in the one form every browser reads; cue settings of a .vtt file are
 * kept. Straight into UTF-8 bytes, the form it is stored and served in: building the text first
 * (76,000 cue blocks of a 5 MB file joined into one string, then encoded) cost three times as long,
 * most of it in strings the garbage collector then had to move.
 */
export class WebVttWriter {
  #out: Uint8Array;
  #at: number;
  #cues = 0;

  /** `room`: the bytes expected (more are made room for when needed). */
  constructor(room: number) {
    this.#out = new Uint8Array(Math.max(room, 16));
    this.#at = writeUtf8(this.#out, 0, 'WEBVTT\n\n');
  }

  get cueCount(): number {
    return this.#cues;
  }

  cue(start: number, end: number, text: string, settings = ''): void {
    const body = cueBody(text);
    // At most 3 UTF-8 bytes per UTF-16 unit, two timestamps, the arrow, a space and three line breaks;
    // past 99 hours a timestamp has more digits (fewer than its milliseconds have).
    const long = start < 360_000_000 && end < 360_000_000 ? 0 : String(start).length + String(end).length;
    const needed = 3 * (settings.length + body.length) + 64 + long;
    let out = this.#out;
    let at = this.#at;
    if (at + needed > out.length) {
      const grown = new Uint8Array(Math.max(out.length * 2, at + needed));
      grown.set(out.subarray(0, at));
      this.#out = out = grown;
    }
    if (this.#cues++ > 0) out[at++] = 0x0a;
    at = writeVttTimestamp(out, at, start);
    out[at++] = 0x20;
    out[at++] = 0x2d;
    out[at++] = 0x2d;
    out[at++] = 0x3e;
    out[at++] = 0x20;
    at = writeVttTimestamp(out, at, end);
    if (settings) {
      out[at++] = 0x20;
      at = writeUtf8(out, at, settings);
    }
    out[at++] = 0x0a;
    if (body) {
      at = writeUtf8(out, at, body);
      out[at++] = 0x0a;
    }
    this.#at = at;
  }

  /** The rendition: a copy of the exact length, as it is kept (the room left can be half of the buffer). */
  bytes(): Uint8Array {
    return this.#out.slice(0, this.#at);
  }
}

/** The rendition of `cues` (see {@link WebVttWriter}). */
export function toWebVttBytes(cues: readonly Cue[]): Uint8Array {
  let room = 8;
  for (const cue of cues) room += cue.text.length * 3 + 64;
  const writer = new WebVttWriter(room);
  for (const cue of cues) writer.cue(cue.start, cue.end, cue.text, cue.settings);
  return writer.bytes();
}

/** {@link toWebVttBytes} as text. */
export const toWebVtt = (cues: readonly Cue[]): string => new TextDecoder().decode(toWebVttBytes(cues));
