/**
 * The editor's checks of each cue (flagged, never blocking): times, overlaps, empty text, reading
 * speed and line length. Reading speed and line length count what a viewer reads: the text without
 * its tags, an entity as one character.
 */
import { SharedList, type Indexed } from '../../../subtitle-text/shared-list';
import type { VttCue } from '../../../subtitle-text/vtt-document';

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
  /** Per cue, its problems ([] when none): one array object per set of problems, shared by every cue that has that set. */
  problems: readonly (readonly CueProblem[])[];
  counts: Readonly<Record<CueProblem, number>>;
}

const NONE: readonly CueProblem[] = [];

/**
 * One array per set of problems (at most 2^5, in CUE_PROBLEMS' order): a cue keeps the same array while
 * its problems stay the same, so typing in a cue that is too long does not repaint its row on each key.
 */
const sets = new Map<string, readonly CueProblem[]>([['', NONE]]);
function shared(problems: readonly CueProblem[]): readonly CueProblem[] {
  const key = problems.join(' ');
  let found = sets.get(key);
  if (!found) sets.set(key, (found = problems));
  return found;
}

/** What a viewer reads: tags removed, each character reference one character. */
export const visibleText = (text: string): string => text.replace(/<[^>]*>/g, '').replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_');

/**
 * A cue's problems, per cue object and limits, in the order of CUE_PROBLEMS: both variants (overlapping
 * an earlier cue or not) are kept, so an edit re-reads only the cue it changed and every other cue
 * keeps the same array (its row does not repaint).
 */
type KnownProblems = WeakMap<VttCue, { alone: readonly CueProblem[]; overlapping: readonly CueProblem[] }>;
const known = new WeakMap<CheckLimits, KnownProblems>();

function problemsOf(cue: VttCue, limits: CheckLimits, byCue: KnownProblems, overlaps: boolean): readonly CueProblem[] {
  let entry = byCue.get(cue);
  if (!entry) {
    const lines = visibleText(cue.text).split('\n');
    const chars = lines.join('').trim().length;
    const found = new Set<CueProblem>();
    if (cue.start >= cue.end) found.add('order');
    if (chars === 0) found.add('empty');
    if (cue.end > cue.start && chars / ((cue.end - cue.start) / 1000) > limits.maxCps) found.add('speed');
    if (lines.some((line) => line.length > limits.maxLine)) found.add('long');
    const alone = shared(CUE_PROBLEMS.filter((problem) => found.has(problem)));
    const overlapping = shared(CUE_PROBLEMS.filter((problem) => problem === 'overlap' || found.has(problem)));
    byCue.set(cue, (entry = { alone, overlapping }));
  }
  return overlaps ? entry.overlapping : entry.alone;
}

/**
 * Every cue's problems and their counts. Given the check of the cues before an edit (with the same
 * limits), an edit that kept every time (typing in a cue's text) re-reads only the cues it changed:
 * which cues overlap depends on times alone. A keystroke in a 5,000-cue track then costs a look at
 * the one chunk of cues it changed (two lists of the editor's cues share the others), not 5,000 checks.
 */
export function checkCues(
  cues: Indexed<VttCue>,
  limits: CheckLimits,
  before?: { cues: Indexed<VttCue>; result: CheckResult },
): CheckResult {
  let byCue = known.get(limits);
  if (!byCue) known.set(limits, (byCue = new WeakMap()));
  if (before && before.cues.length === cues.length) {
    const changed = SharedList.changed(before.cues, cues);
    const timesKept = changed.every((i) => cues.at(i)!.start === before.cues.at(i)!.start && cues.at(i)!.end === before.cues.at(i)!.end);
    if (timesKept) {
      // Copied only when a cue's problems change: most keys change none, and a copy of 5,000 a key is
      // garbage the editor would collect in the middle of the typing.
      let problems: (readonly CueProblem[])[] | null = null;
      const counts = { ...before.result.counts };
      for (const i of changed) {
        const was = before.result.problems[i]!;
        const now = problemsOf(cues.at(i)!, limits, byCue, was.includes('overlap'));
        if (now === was) continue;
        problems ??= before.result.problems.slice();
        for (const problem of was) counts[problem]--;
        problems[i] = now;
        for (const problem of now) counts[problem]++;
      }
      if (!problems) return before.result;
      // The same counts object while no count changed: the header showing them does not repaint.
      const same = CUE_PROBLEMS.every((problem) => counts[problem] === before.result.counts[problem]);
      return { problems, counts: same ? before.result.counts : counts };
    }
  }
  const counts: Record<CueProblem, number> = { order: 0, overlap: 0, empty: 0, speed: 0, long: 0 };
  let latestEnd = -Infinity;
  const problems: (readonly CueProblem[])[] = [];
  for (let i = 0; i < cues.length; i++) {
    const cue = cues.at(i)!;
    // Against every earlier cue (by file order), not only the one before: a long cue can cover several.
    const found = problemsOf(cue, limits, byCue, cue.start < latestEnd);
    latestEnd = Math.max(latestEnd, cue.end);
    for (const problem of found) counts[problem]++;
    problems.push(found);
  }
  return { problems, counts };
}
