import type { Cue } from './types';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
// "00"…"99" and "000"…"999" made once: a 5 MB file writes 150,000 timestamps.
const TWO = Array.from({ length: 100 }, (_, n) => pad(n));
const THREE = Array.from({ length: 1000 }, (_, n) => pad(n, 3));

/** "HH:MM:SS." by whole second, made when first needed: cue times repeat their seconds often. */
const SECONDS: string[] = [];

/** 3723004 → "01:02:03.004": hours always written, two digits at least. */
export function vttTimestamp(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const second = Math.floor(total / 1000);
  let prefix = SECONDS[second];
  if (prefix === undefined) {
    const hours = Math.floor(second / 3600);
    prefix = `${TWO[hours] ?? pad(hours)}:${TWO[Math.floor(second / 60) % 60]}:${TWO[second % 60]}.`;
    if (second < 86_400) SECONDS[second] = prefix; // the first 24 hours: a few MB at most
  }
  return prefix + THREE[total % 1000]!;
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
 * The UTF-8 WebVTT rendition the player serves, from the cues of any accepted format (their text is
 * already WebVTT cue text). Timings are rewritten in the one form every browser reads; cue settings
 * of a .vtt file are kept.
 */
export function toWebVtt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue) => {
    const timing = `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}${cue.settings ? ` ${cue.settings}` : ''}`;
    const body = cueBody(cue.text);
    return body ? `${timing}\n${body}\n` : `${timing}\n`;
  });
  return `WEBVTT\n\n${blocks.join('\n')}`;
}
