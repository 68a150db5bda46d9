/**
 * A WebVTT file as the sequence of its parts — header, cues, other blocks (NOTE, STYLE, REGION,
 * anything a player skips) and the blank lines between them — each keeping its exact text, so that
 * writing an unedited document back gives the same text, and editing one cue rewrites only that cue.
 * Blocks are delimited as the WebVTT parsing algorithm delimits them ("collect a WebVTT block",
 * https://www.w3.org/TR/webvtt1/#file-parsing), including a cue that starts on the line after the
 * previous cue's text without a blank line.
 */
import { SharedList } from './shared-list';
import { vttTimestamp } from './to-webvtt';

/** One line with the terminator it had (`\r\n`, `\r`, `\n`, or none at the end of the file). */
interface RawLine {
  text: string;
  end: string;
}

export interface VttTiming {
  /** Milliseconds. */
  start: number;
  end: number;
  /** The line's text around the two timestamps, kept as written: the arrow with its spaces, and the cue settings after the end time. */
  arrow: string;
  settings: string;
}

export interface VttCue extends VttTiming {
  kind: 'cue';
  /** The identifier line ('' when none). */
  id: string;
  /** The cue payload, lines joined with `\n`, tags and entities as written. */
  text: string;
  /** How it is written, so an unedited cue (or an unedited part of one) is written back the same. */
  written: {
    idLine: RawLine | null;
    startText: string;
    endText: string;
    /** The timing line's terminator. */
    timingEnd: string;
    payload: readonly RawLine[];
  };
}

export interface VttOtherPart {
  /** `header`: the signature line and its header lines; `space`: blank lines; `block`: a block that is not a cue; `invalid`: a file that is not WebVTT, whole. */
  kind: 'header' | 'space' | 'block' | 'invalid';
  lines: readonly RawLine[];
}

export type VttPart = VttCue | VttOtherPart;

export interface VttDocument {
  /** False when the file does not start with the WebVTT signature (it is then one `invalid` part). */
  valid: boolean;
  parts: readonly VttPart[];
}

const LINE = /([^\r\n]*)(\r\n|\r|\n|$)/y;

function splitRawLines(text: string): RawLine[] {
  const lines: RawLine[] = [];
  LINE.lastIndex = 0;
  while (LINE.lastIndex < text.length) {
    const m = LINE.exec(text)!;
    lines.push({ text: m[1]!, end: m[2]! });
  }
  return lines;
}

const rawText = (lines: readonly RawLine[]): string => lines.map((line) => line.text + line.end).join('');

/** "Collect a WebVTT timestamp": `[h…:]mm:ss.ttt`, minutes and seconds below 60. */
const TIMESTAMP = /^(\d+):(\d{2})(?!\d)(?::(\d{2})(?!\d))?\.(\d{3})(?!\d)/;

function readTimestamp(text: string): { ms: number; length: number } | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const first = m[1]!;
  const hoursFirst = first.length !== 2 || Number(first) > 59;
  if (hoursFirst && m[3] === undefined) return null;
  const [hours, minutes, seconds] = m[3] === undefined ? [0, Number(first), Number(m[2])] : [Number(first), Number(m[2]), Number(m[3])];
  if (minutes > 59 || seconds > 59) return null;
  return { ms: ((hours * 60 + minutes) * 60 + seconds) * 1000 + Number(m[4]), length: m[0].length };
}

/** "Collect WebVTT cue timings and settings" from a line; null when the line is not a timing line. */
function readTiming(line: string): (VttTiming & { startText: string; endText: string }) | null {
  const start = readTimestamp(line);
  if (!start) return null;
  const arrow = /^[ \t]*-->[ \t]*/.exec(line.slice(start.length));
  if (!arrow) return null;
  const afterArrow = start.length + arrow[0].length;
  const end = readTimestamp(line.slice(afterArrow));
  if (!end) return null;
  return {
    start: start.ms,
    end: end.ms,
    arrow: arrow[0],
    settings: line.slice(afterArrow + end.length),
    startText: line.slice(0, start.length),
    endText: line.slice(afterArrow, afterArrow + end.length),
  };
}

/**
 * "Collect a WebVTT block" from `lines[from]`: the index after its last line (a blank line, or a
 * line with "-->" that starts the next block, is not part of it), and the cue it is, if one.
 */
function collectBlock(lines: readonly RawLine[], from: number, inHeader: boolean): { to: number; cue: VttCue | null } {
  let seenArrow = false;
  let timingAt = -1;
  let timing: ReturnType<typeof readTiming> = null;
  let k = from;
  for (; k < lines.length; k++) {
    const line = lines[k]!.text;
    const lineCount = k - from + 1;
    if (line.includes('-->')) {
      if (inHeader || !(lineCount === 1 || (lineCount === 2 && !seenArrow))) break;
      seenArrow = true;
      timing = readTiming(line);
      timingAt = k;
    } else if (line === '') break;
  }
  if (!timing) return { to: k, cue: null };
  const { startText, endText, ...times } = timing;
  const idLine = timingAt > from ? lines[from]! : null;
  const payload = lines.slice(timingAt + 1, k);
  return {
    to: k,
    cue: {
      kind: 'cue',
      ...times,
      id: idLine?.text ?? '',
      text: payload.map((line) => line.text).join('\n'),
      written: { idLine, startText, endText, timingEnd: lines[timingAt]!.end, payload },
    },
  };
}

const SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t]|$)/;

/** Reads a WebVTT text into its parts (see the module's comment). Never throws. */
export function parseVttDocument(text: string): VttDocument {
  const lines = splitRawLines(text);
  if (!lines.length || !SIGNATURE.test(lines[0]!.text)) return { valid: false, parts: lines.length ? [{ kind: 'invalid', lines }] : [] };
  const parts: VttPart[] = [];
  let i = 1;
  if (i < lines.length && lines[i]!.text !== '') i = collectBlock(lines, i, true).to;
  parts.push({ kind: 'header', lines: lines.slice(0, i) });
  while (i < lines.length) {
    const blankFrom = i;
    while (i < lines.length && lines[i]!.text === '') i++;
    if (i > blankFrom) parts.push({ kind: 'space', lines: lines.slice(blankFrom, i) });
    if (i >= lines.length) break;
    const block = collectBlock(lines, i, false);
    parts.push(block.cue ?? { kind: 'block', lines: lines.slice(i, block.to) });
    i = block.to;
  }
  return { valid: true, parts };
}

const cueLines = (cue: VttCue): RawLine[] => {
  const w = cue.written;
  const timing = { text: w.startText + cue.arrow + w.endText + cue.settings, end: w.timingEnd };
  return [...(w.idLine ? [w.idLine] : []), timing, ...w.payload];
};

/** The document's text: the same text it was read from, but for the cues edited since. */
export function serializeVttDocument(doc: VttDocument): string {
  return doc.parts.map((part) => rawText(part.kind === 'cue' ? cueLines(part) : part.lines)).join('');
}

/**
 * What is known of a document: its cues, where each one is among its parts, and the parts of the
 * document it was edited from (`source`: the same parts but for the cues). Read once: a document is
 * never changed, and an edit of one cue hands the next document these, with that cue replaced.
 */
interface Known {
  cues: SharedList<VttCue>;
  partIndexes: readonly number[];
  source: readonly VttPart[];
  /** `vttCues`'s array, made when first asked for. */
  array?: readonly VttCue[];
}

const knownOf = new WeakMap<VttDocument, Known>();

function known(doc: VttDocument): Known {
  let found = knownOf.get(doc);
  if (!found) {
    const cues: VttCue[] = [];
    const partIndexes: number[] = [];
    doc.parts.forEach((part, at) => {
      if (part.kind !== 'cue') return;
      cues.push(part);
      partIndexes.push(at);
    });
    knownOf.set(doc, (found = { cues: SharedList.from(cues), partIndexes, source: doc.parts, array: cues }));
  }
  return found;
}

/** The cues of a document, in file order: a list that an edit of one cue shares with the next document but for that cue. */
export function vttCueList(doc: VttDocument): SharedList<VttCue> {
  return known(doc).cues;
}

/** The cues of a document, in file order, as an array (made once per document: a reader of every key's document reads `vttCueList`). */
export function vttCues(doc: VttDocument): readonly VttCue[] {
  const k = known(doc);
  return (k.array ??= k.cues.toArray());
}

/**
 * A document made by an edit of its cues: its parts are put together when first read (to write the
 * text, or to add or remove a cue), not on each key typed, which reads only its cues.
 */
function editedDocument(valid: boolean, next: Known): VttDocument {
  let parts: readonly VttPart[] | undefined;
  const doc: VttDocument = {
    valid,
    get parts() {
      if (!parts) {
        const made = next.source.slice();
        let i = 0;
        for (const cue of next.cues) made[next.partIndexes[i++]!] = cue;
        parts = made;
      }
      return parts;
    },
  };
  knownOf.set(doc, next);
  return doc;
}

/** `mm:ss.ttt`, or `hh:mm:ss.ttt` from an hour on or when the cue's other times are written with hours. */
export function formatVttTime(ms: number, withHours: boolean): string {
  const full = vttTimestamp(ms);
  return withHours || !full.startsWith('00:') ? full : full.slice(3);
}

export interface CueChange {
  start?: number;
  end?: number;
  text?: string;
}

/** Why a cue's text cannot be written as it is: a blank line or "-->" in it would end the cue there. */
export const cueTextProblem = (text: string): 'blank line' | 'arrow' | null =>
  text !== '' && text.split('\n').includes('') ? 'blank line' : text.includes('-->') ? 'arrow' : null;

/**
 * The document with one cue changed (`cueIndex` counts cues only). What the change does not touch is
 * written as it was: the identifier, the settings, the other timestamp, the line terminators.
 */
export function editCue(doc: VttDocument, cueIndex: number, change: CueChange): VttDocument {
  const { cues, partIndexes, source } = known(doc);
  const target = cues.at(cueIndex);
  if (!target) throw new RangeError(`There is no cue ${cueIndex}.`);
  if (change.text !== undefined && cueTextProblem(change.text)) throw new RangeError('A cue text cannot hold a blank line or "-->".');
  const w = target.written;
  const hours = /^\d+:\d{2}:/.test(w.startText) || /^\d+:\d{2}:/.test(w.endText);
  let { payload, timingEnd } = w;
  if (change.text !== undefined && change.text !== target.text) {
    const blockEnd = payload.length ? payload.at(-1)!.end : timingEnd;
    const newline = (payload.length > 1 ? payload[0]!.end : '') || timingEnd || blockEnd || '\n';
    const texts = change.text === '' ? [] : change.text.split('\n');
    payload = texts.map((text, i) => ({ text, end: i === texts.length - 1 ? blockEnd : newline }));
    timingEnd = texts.length ? newline : blockEnd;
  }
  const edited: VttCue = {
    ...target,
    start: change.start ?? target.start,
    end: change.end ?? target.end,
    text: change.text ?? target.text,
    written: {
      ...w,
      startText: change.start === undefined || change.start === target.start ? w.startText : formatVttTime(change.start, hours),
      endText: change.end === undefined || change.end === target.end ? w.endText : formatVttTime(change.end, hours),
      timingEnd,
      payload,
    },
  };
  // Typing edits one cue per key: the next document shares every other cue and the parts around them,
  // without a copy of a long track's parts or cues on each key (issue 44).
  return editedDocument(doc.valid, { cues: cues.with(cueIndex, edited), partIndexes, source });
}
