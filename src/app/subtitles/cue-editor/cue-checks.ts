/**
 * The editor's checks of each cue (flagged, never blocking): times, overlaps, empty text, reading
 * speed and line length. Reading speed and line length count what a viewer reads: the text without
 * its tags, an entity as one character.
 */
import type { VttCue } from '../../../contract/subtitle-text/vtt-document';

export type CueProblem = 'order' | 'overlap' | 'empty' | 'speed' | 'long';
export const CUE_PROBLEMS: readonly CueProblem[] = ['order', 'overlap', 'empty', 'speed', 'long'];

export interface CheckLimits {
  /** Characters per second. */
  maxCps: number;
  /** Characters per line. */
  maxLine: number;
}

/** Common subtitling guidelines (Netflix's, the BBC's are close): 17 characters per second, 42 per line. */
export const DEFAULT_LIMITS: CheckLimits = { maxCps: 17, maxLine: 42 };

export interface CheckResult {
  /** Per cue, its problems ([] when none): the same array object for every cue without a problem. */
  problems: readonly (readonly CueProblem[])[];
  counts: Readonly<Record<CueProblem, number>>;
}

const NONE: readonly CueProblem[] = [];

/** What a viewer reads: tags removed, each character reference one character. */
export const visibleText = (text: string): string => text.replace(/<[^>]*>/g, '').replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_');

export function checkCues(cues: readonly VttCue[], limits: CheckLimits): CheckResult {
  const counts: Record<CueProblem, number> = { order: 0, overlap: 0, empty: 0, speed: 0, long: 0 };
  let latestEnd = -Infinity;
  const problems = cues.map((cue) => {
    const found: CueProblem[] = [];
    const shown = visibleText(cue.text);
    const lines = shown.split('\n');
    const chars = lines.join('').trim().length;
    if (cue.start >= cue.end) found.push('order');
    // Against every earlier cue (by file order), not only the one before: a long cue can cover several.
    if (cue.start < latestEnd) found.push('overlap');
    if (chars === 0) found.push('empty');
    if (cue.end > cue.start && chars / ((cue.end - cue.start) / 1000) > limits.maxCps) found.push('speed');
    if (lines.some((line) => line.length > limits.maxLine)) found.push('long');
    latestEnd = Math.max(latestEnd, cue.end);
    for (const problem of found) counts[problem]++;
    return found.length ? found : NONE;
  });
  return { problems, counts };
}
