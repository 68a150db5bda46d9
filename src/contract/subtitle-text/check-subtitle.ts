import { extensionOf } from '../../../../contract/subtitles';
import { looksBinary, textLooksBinary } from './binary';
import { decodeSubtitle, type EncodingConfidence } from './detect-encoding';
import { parseAss } from './parse-ass';
import { parseSrt } from './parse-srt';
import { parseSub } from './parse-sub';
import { parseVtt } from './parse-vtt';
import { toPlainText } from './plain-text';
import type { ParseResult, Problem } from './types';

export type SubtitleFormat = 'srt' | 'vtt' | 'ass' | 'ssa' | 'microdvd' | 'subviewer';

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
}

export interface SubtitleCheckRefused {
  ok: false;
  /** A sentence for the user, e.g. 'This file is empty.' */
  reason: string;
}

export type SubtitleCheck = SubtitleCheckPassed | SubtitleCheckRefused;

export interface CheckOptions {
  /** Decode with this encoding instead of detecting one (the user corrected a wrong guess). */
  encoding?: string;
}

export const EMPTY_REASON = 'This file is empty.';
export const BINARY_REASON = 'This file is not a subtitle file: it contains binary data.';
export const noCuesReason = (extension: string): string =>
  `No subtitles were found in this file. Is it really a ${extension || 'subtitle'} file?`;

/** The format a file is parsed as: its extension says; an unknown extension is sniffed from the text. */
function formatFor(extension: string, text: string): 'srt' | 'vtt' | 'ass' | 'ssa' | 'sub' {
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

/**
 * Checks a subtitle file before upload, entirely in the browser: refuses what is not a subtitle
 * (empty, binary, or no cue found), otherwise detects the encoding, parses the file as its extension
 * says and reports the cue count, the first problem with its line number and a plain-text preview.
 * Linear in the size of the file; a 5 MB file takes a fraction of a second. Never throws on bad input.
 */
export function checkSubtitle(input: Uint8Array | ArrayBuffer, fileName: string, options: CheckOptions = {}): SubtitleCheck {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length === 0) return { ok: false, reason: EMPTY_REASON };
  const extension = extensionOf(fileName);

  let decoded;
  try {
    decoded = decodeSubtitle(bytes, options.encoding);
  } catch {
    // Only an unknown encoding name in `options` gets here; detection itself does not throw.
    decoded = decodeSubtitle(bytes);
  }
  const isUtf16 = decoded.encoding.startsWith('utf-16');
  if (looksBinary(bytes, isUtf16) || (isUtf16 && textLooksBinary(decoded.text))) {
    return { ok: false, reason: BINARY_REASON };
  }
  if (decoded.text.trim() === '') return { ok: false, reason: EMPTY_REASON };

  const result = parse(formatFor(extension, decoded.text), decoded.text);
  if (result.cues.length === 0) return { ok: false, reason: noCuesReason(extension) };
  const [firstProblem] = result.problems;
  return {
    ok: true,
    format: result.format,
    encoding: decoded.encoding,
    bom: decoded.bom,
    encodingConfidence: decoded.confidence,
    cueCount: result.cues.length,
    ...(firstProblem ? { firstProblem } : {}),
    problems: result.problems,
    preview: result.cues.slice(0, 3).map(({ start, end, text }) => ({ start, end, text: toPlainText(text) })),
  };
}

/** {@link checkSubtitle} on a File or Blob, read with `blob.arrayBuffer()`. */
export async function checkSubtitleFile(file: Blob, name: string, options: CheckOptions = {}): Promise<SubtitleCheck> {
  return checkSubtitle(await file.arrayBuffer(), name, options);
}
