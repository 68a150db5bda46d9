import { extensionOf } from '../contract/subtitles';
import { BINARY_REASON, refusalBySignature, textLooksBinary } from './binary';
import { toPlainText } from './cue-markup';
import { decodeSubtitle, type DecodedSubtitle, type EncodingConfidence } from './detect-encoding';
import { parseAss } from './parse-ass';
import { parseSrt } from './parse-srt';
import { parseSub } from './parse-sub';
import { parseVtt } from './parse-vtt';
import { MAX_PROBLEMS, Problems, type Cue, type ParseResult, type Problem } from './types';

export type SubtitleFormat = 'srt' | 'vtt' | 'ass' | 'ssa' | 'microdvd' | 'subviewer';

const FORMAT_NAMES: Record<SubtitleFormat, string> = {
  srt: 'SubRip',
  vtt: 'WebVTT',
  ass: 'ASS',
  ssa: 'SSA',
  microdvd: 'MicroDVD',
  subviewer: 'SubViewer',
};

/** A cue for the preview: plain text (tags removed) to render as text, never as HTML. */
export interface PreviewCue {
  start: number;
  end: number;
  text: string;
}

export interface SubtitleCheckPassed {
  ok: true;
  format: SubtitleFormat;
  /** WHATWG name of the detected (or chosen) encoding, e.g. 'utf-8', 'windows-1250'. */
  encoding: string;
  bom: boolean;
  /** 'guess' means a legacy code page won narrowly: worth offering an encoding select. */
  encodingConfidence: EncodingConfidence;
  cueCount: number;
  /** The first thing a player may choke on, e.g. { line: 12, message: 'Line 12: expected …' }. */
  firstProblem?: Problem;
  /** The first 20 problems, firstProblem included. */
  problems: Problem[];
  /** The first three cues. */
  preview: PreviewCue[];
  /** Every cue, its text as WebVTT cue text: what {@link toWebVtt} turns into the player's rendition. */
  cues: Cue[];
}

export interface SubtitleCheckRefused {
  ok: false;
  /** A sentence for the user, e.g. 'This file is empty.' */
  reason: string;
}

export type SubtitleCheck = SubtitleCheckPassed | SubtitleCheckRefused;

export interface CheckOptions {
  /**
   * Decode with this encoding (a WHATWG label, or UTF-32) instead of detecting one: the user corrected
   * a guess, or an API client named it. An unknown label falls back to detection.
   */
  encoding?: string;
  /** The track's language (a code of the kit's list, e.g. 'he'): a prior when the encoding is detected. */
  language?: string | undefined;
}

export const EMPTY_REASON = 'This file is empty.';
export const noCuesReason = (extension: string): string =>
  `No subtitles were found in this file. Is it really a ${extension || 'subtitle'} file?`;

/** The format a file is parsed as: its extension says; an unknown extension is sniffed from the text. */
export function formatFor(extension: string, text: string): 'srt' | 'vtt' | 'ass' | 'ssa' | 'sub' {
  switch (extension) {
    case '.srt':
    case '.vtt':
    case '.ass':
    case '.ssa':
    case '.sub':
      return extension.slice(1) as 'srt' | 'vtt' | 'ass' | 'ssa' | 'sub';
    default: {
      const head = text.trimStart().slice(0, 64);
      if (head.startsWith('WEBVTT')) return 'vtt';
      if (/^\[script info\]/i.test(head)) return 'ass';
      if (/^\{\d+\}\{\d*\}/.test(head)) return 'sub';
      return 'srt';
    }
  }
}

function parse(format: 'srt' | 'vtt' | 'ass' | 'ssa' | 'sub', text: string): ParseResult & { format: SubtitleFormat } {
  switch (format) {
    case 'srt':
      return { ...parseSrt(text), format };
    case 'vtt':
      return { ...parseVtt(text), format };
    case 'ass':
    case 'ssa':
      return { ...parseAss(text), format };
    case 'sub': {
      const result = parseSub(text);
      return { ...result, format: result.variant ?? 'microdvd' };
    }
  }
}

/** Cue text with a NUL character: browsers show U+FFFD in its place, so it is a warning, not a refusal. */
function nulProblems(text: string, cues: readonly Cue[], problems: readonly Problem[]): Problem[] {
  const found = new Problems();
  // One scan of the file tells that no cue has one, instead of a scan of every cue.
  if (text.includes('\0'))
    for (const cue of cues)
      if (cue.text.includes('\0')) found.add(cue.line, 'a NUL character in the cue text; players show a replacement mark for it');
  return [...problems, ...found.list].sort((a, b) => a.line - b.line).slice(0, MAX_PROBLEMS);
}

/**
 * The first steps of {@link checkSubtitleBytes}: refuses an empty file, a known non-text format and
 * binary data, else decodes the text (the encoding detected or the one named).
 */
export function readSubtitleText(
  input: Uint8Array | ArrayBuffer,
  options: CheckOptions = {},
): SubtitleCheckRefused | { ok: true; decoded: DecodedSubtitle } {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length === 0) return { ok: false, reason: EMPTY_REASON };
  const refusal = refusalBySignature(bytes);
  if (refusal) return { ok: false, reason: refusal };

  const decoded = decodeSubtitle(bytes, options.encoding, options.language);
  if (textLooksBinary(decoded.text)) return { ok: false, reason: BINARY_REASON };
  if (decoded.text.trim() === '') return { ok: false, reason: EMPTY_REASON };
  return { ok: true, decoded };
}

/**
 * Reads a subtitle file the same way in the browser (the check before upload) and on the server (the
 * player's rendition): refuses only what no player could show — an empty file, a known non-text format
 * (and a VobSub image .sub), binary data, a file with no readable cue — with a sentence for the user;
 * otherwise detects the encoding (or uses the one named), parses the file as its extension says and
 * returns every cue plus what a player tolerates but a careful operator wants to know (warnings, with
 * line numbers). Linear in the size of the file; never throws on bad input.
 */
export function checkSubtitleBytes(input: Uint8Array | ArrayBuffer, fileName: string, options: CheckOptions = {}): SubtitleCheck {
  const read = readSubtitleText(input, options);
  return read.ok ? checkDecoded(read.decoded, fileName) : read;
}

/** The rest of {@link checkSubtitleBytes}, on the decoded text. */
export function checkDecoded(decoded: DecodedSubtitle, fileName: string): SubtitleCheck {
  const extension = extensionOf(fileName);
  const format = formatFor(extension, decoded.text);
  let result = parse(format, decoded.text);
  let misnamed: Problem[] = [];
  if (result.cues.length === 0) {
    // An SRT saved as .vtt (and the like): players would show nothing, the rendition can show it all.
    const sniffed = formatFor('', decoded.text);
    const second = sniffed === format ? null : parse(sniffed, decoded.text);
    if (!second || second.cues.length === 0) return { ok: false, reason: noCuesReason(extension) };
    result = second;
    misnamed = [
      {
        line: 1,
        message: `Line 1: this is a ${FORMAT_NAMES[second.format]} file named ${extension || 'without an extension'}; it is read as ${FORMAT_NAMES[second.format]}`,
      },
    ];
  }
  const problems = nulProblems(decoded.text, result.cues, [...misnamed, ...result.problems]);
  const [firstProblem] = problems;
  return {
    ok: true,
    format: result.format,
    encoding: decoded.encoding,
    bom: decoded.bom,
    encodingConfidence: decoded.confidence,
    cueCount: result.cues.length,
    ...(firstProblem ? { firstProblem } : {}),
    problems,
    preview: result.cues.slice(0, 3).map(({ start, end, text }) => ({ start, end, text: toPlainText(text) })),
    cues: result.cues,
  };
}

/** {@link checkSubtitleBytes} on a File or Blob, read with `blob.arrayBuffer()`. */
export async function checkSubtitleFile(file: Blob, name: string, options: CheckOptions = {}): Promise<SubtitleCheck> {
  return checkSubtitleBytes(await file.arrayBuffer(), name, options);
}
