/**
 * The cue editor's edits of a WebVTT document (src/subtitle-text/vtt-document.ts) beyond one
 * cue's text and times: adding, removing, splitting, merging and shifting cues. Every function returns
 * a new document and leaves the parts it does not touch as they were read, so that what the operator
 * did not edit is saved byte for byte.
 */
import type { Indexed } from '../../../subtitle-text/shared-list';
import {
  editCue,
  formatVttTime,
  vttCues,
  type CueChange,
  type VttCue,
  type VttDocument,
  type VttPart,
} from '../../../subtitle-text/vtt-document';

export interface NewCue {
  start: number;
  end: number;
  text: string;
}

type RawLine = VttCue['written']['payload'][number];

/** The line terminator the file uses (its first one), `\n` for a one-line file. */
function newlineOf(doc: VttDocument): string {
  for (const part of doc.parts) {
    const lines = part.kind === 'cue' ? [{ text: '', end: part.written.timingEnd }] : part.lines;
    const found = lines.find((line) => line.end !== '');
    if (found) return found.end;
  }
  return '\n';
}

/** Whether the file writes its times with hours: a new cue follows the cues before it. */
const writesHours = (doc: VttDocument) => vttCues(doc).some((cue) => /^\d+:\d{2}:/.test(cue.written.startText));

function makeCue({ start, end, text }: NewCue, newline: string, hours: boolean): VttCue {
  const texts = text === '' ? [] : text.split('\n');
  const payload: RawLine[] = texts.map((line) => ({ text: line, end: newline }));
  return {
    kind: 'cue',
    start,
    end,
    arrow: ' --> ',
    settings: '',
    id: '',
    text,
    written: { idLine: null, startText: formatVttTime(start, hours), endText: formatVttTime(end, hours), timingEnd: newline, payload },
  };
}

/** The part with its last line ended by `newline` when it had no terminator (the file's last line). */
function endLine(part: VttPart, newline: string): VttPart {
  if (part.kind !== 'cue') {
    const last = part.lines.at(-1);
    return last && last.end === '' ? { ...part, lines: [...part.lines.slice(0, -1), { ...last, end: newline }] } : part;
  }
  const w = part.written;
  const last = w.payload.at(-1);
  if (last) return last.end === '' ? { ...part, written: { ...w, payload: [...w.payload.slice(0, -1), { ...last, end: newline }] } } : part;
  return w.timingEnd === '' ? { ...part, written: { ...w, timingEnd: newline } } : part;
}

/** Index of the part holding cue `cueIndex`. */
function partIndexOf(doc: VttDocument, cueIndex: number): number {
  let seen = -1;
  return doc.parts.findIndex((part) => part.kind === 'cue' && ++seen === cueIndex);
}

/**
 * Inserts a cue so that it becomes cue number `cueIndex` (at the end when `cueIndex` is the count),
 * separated from its neighbours by one blank line.
 */
export function insertCue(doc: VttDocument, cueIndex: number, cue: NewCue): VttDocument {
  const newline = newlineOf(doc);
  const made = makeCue(cue, newline, writesHours(doc));
  const blank = { kind: 'space' as const, lines: [{ text: '', end: newline }] };
  const at = partIndexOf(doc, cueIndex);
  if (at >= 0) return { ...doc, parts: [...doc.parts.slice(0, at), made, blank, ...doc.parts.slice(at)] };
  // At the end: after any trailing blank lines, or after the last part with one blank line between.
  const parts = [...doc.parts];
  const last = parts.at(-1);
  if (last && last.kind !== 'space') parts.splice(-1, 1, endLine(last, newline), blank);
  else if (last) parts.splice(-1, 1, endLine(last, newline));
  return { ...doc, parts: [...parts, made] };
}

/** The cue number a new cue starting at `start` takes: after every cue that starts before or with it. */
export function cueIndexForTime(doc: VttDocument, start: number): number {
  const cues = vttCues(doc);
  let index = cues.length;
  while (index > 0 && cues[index - 1]!.start > start) index--;
  return index;
}

/** The cue under the playhead: the first whose time range holds it (by range, not start alone), -1 when none. */
export function activeCue(cues: Indexed<{ start: number; end: number }>, time: number): number {
  for (let i = 0; i < cues.length; i++) {
    const cue = cues.at(i)!;
    if (cue.start <= time && time < cue.end) return i;
  }
  return -1;
}

/** Removes cue `cueIndex` with the blank lines before it (after it, for a first cue). */
export function removeCue(doc: VttDocument, cueIndex: number): VttDocument {
  const at = partIndexOf(doc, cueIndex);
  if (at < 0) throw new RangeError(`There is no cue ${cueIndex}.`);
  const parts = [...doc.parts];
  const before = parts[at - 1];
  if (before?.kind === 'space' && at - 1 > 0) parts.splice(at - 1, 2);
  else if (parts[at + 1]?.kind === 'space') parts.splice(at, 2);
  else parts.splice(at, 1);
  return { ...doc, parts };
}

/** Changes many cues at once (a shift of the whole track): each as `editCue` would, in one pass. */
export function editCues(doc: VttDocument, changes: ReadonlyMap<number, CueChange>): VttDocument {
  let seen = -1;
  return {
    ...doc,
    parts: doc.parts.map((part) => {
      if (part.kind !== 'cue') return part;
      const change = changes.get(++seen);
      return change ? editCue({ valid: true, parts: [part] }, 0, change).parts[0]! : part;
    }),
  };
}

/** Moves cues (all when `cueIndexes` is null) by `deltaMs`, never before 0. */
export function shiftCues(doc: VttDocument, cueIndexes: readonly number[] | null, deltaMs: number): VttDocument {
  const cues = vttCues(doc);
  const changes = new Map<number, CueChange>();
  for (const index of cueIndexes ?? cues.keys()) {
    const cue = cues[index];
    if (!cue) continue;
    const delta = Math.max(deltaMs, -cue.start);
    changes.set(index, { start: cue.start + delta, end: Math.max(0, cue.end + delta) });
  }
  return editCues(doc, changes);
}

/**
 * Splits a cue in two at `at` (its middle when `at` is not inside it): the text at the line break
 * nearest its middle, or at the space nearest its middle for a one-line text.
 */
export function splitCue(doc: VttDocument, cueIndex: number, at: number): VttDocument {
  const cue = vttCues(doc)[cueIndex];
  if (!cue) throw new RangeError(`There is no cue ${cueIndex}.`);
  const time = at > cue.start && at < cue.end ? at : Math.round((cue.start + cue.end) / 2);
  const [first, second] = splitText(cue.text);
  return insertCue(editCue(doc, cueIndex, { end: time, text: first }), cueIndex + 1, { start: time, end: cue.end, text: second });
}

function splitText(text: string): [string, string] {
  const lines = text.split('\n');
  if (lines.length > 1) {
    const half = Math.ceil(lines.length / 2);
    return [lines.slice(0, half).join('\n'), lines.slice(half).join('\n')];
  }
  const middle = text.length / 2;
  let best = -1;
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1))
    if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  return best < 0 ? [text, ''] : [text.slice(0, best), text.slice(best + 1)];
}

/** Merges cue `cueIndex` with the next one: its text on new lines, the later end. */
export function mergeWithNext(doc: VttDocument, cueIndex: number): VttDocument {
  const cues = vttCues(doc);
  const cue = cues[cueIndex];
  const next = cues[cueIndex + 1];
  if (!cue || !next) throw new RangeError(`There is no cue after ${cueIndex}.`);
  const text = [cue.text, next.text].filter(Boolean).join('\n');
  return removeCue(editCue(doc, cueIndex, { end: Math.max(cue.end, next.end), text }), cueIndex + 1);
}
