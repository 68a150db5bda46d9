/**
 * Test and bench only: runs one corpus file through what the server does at upload (the shared check,
 * then the WebVTT rendition) and compares what a browser would show with what the file says.
 */
import { checkSubtitleBytes } from '../check-subtitle';
import { toPlainText } from '../cue-markup';
import { parseVtt } from '../parse-vtt';
import { toWebVtt } from '../to-webvtt';
import type { CorpusEntry } from './corpus';

export interface Evaluation {
  /** The encoding the check decoded with. */
  encoding: string | null;
  /** Every cue of the rendition reads exactly as the source text. */
  readsRight: boolean;
  /** The rendition has the right number of cues, at the right times. */
  timingsRight: boolean;
  refusal?: string;
}

/** Compares a served WebVTT rendition with what the corpus file says, as a browser would show it. */
export function judgeRendition(entry: CorpusEntry, vtt: string): { readsRight: boolean; timingsRight: boolean } {
  const served = parseVtt(vtt);
  const timingsRight =
    served.problems.length === 0 &&
    served.cues.length === entry.cues.length &&
    served.cues.every((cue, i) => cue.start === entry.cues[i]!.start && cue.end === entry.cues[i]!.end);
  const readsRight =
    served.cues.length === entry.cues.length &&
    served.cues.every((cue, i) => toPlainText(cue.text).normalize('NFC') === entry.cues[i]!.text.normalize('NFC'));
  return { readsRight, timingsRight };
}

/** One corpus file through the check: the encoding named, or detected (with the track's language as a prior when `withLanguage`). */
export function evaluate(entry: CorpusEntry, encoding?: string, withLanguage = false): Evaluation {
  const check = checkSubtitleBytes(entry.bytes, entry.fileName, {
    ...(encoding ? { encoding } : {}),
    ...(withLanguage ? { language: entry.languageCode } : {}),
  });
  if (!check.ok) return { encoding: null, readsRight: false, timingsRight: false, refusal: check.reason };
  return { encoding: check.encoding, ...judgeRendition(entry, toWebVtt(check.cues)) };
}
