import { extensionOf } from '../../../src/contract/subtitles';
import { readSubtitleText } from '../../../src/subtitle-text/check-subtitle';
import { editableVtt, savableVtt } from '../../../src/subtitle-text/edit-text';
import { parseVttDocument } from '../../../src/subtitle-text/vtt-document';
import { makeRendition } from './subtitle-content';

/**
 * The cue editor's text work (D38), as the conversion workers run it: each reads a whole track, up to
 * 5 MB (~300 ms of CPU at load 12), which must not hold the event loop every request needs.
 */
export type EditTextTask =
  /** A text sent to be saved: savableVtt. */
  { kind: 'save'; text: string } | OpenUploadTask;

/** A track's upload as the editor edits it, from its original bytes and its stored rendition's text, if any. */
export interface OpenUploadTask {
  kind: 'open-upload';
  bytes: Uint8Array;
  fileName: string;
  charset: string | undefined;
  language: string;
  rendition: string | null;
}

export type SaveCheck = ReturnType<typeof savableVtt>;
export type EditTextResult = SaveCheck | { text: string | null };

export function runEditTextTask(task: EditTextTask): EditTextResult {
  if (task.kind === 'save') return savableVtt(task.text);
  return { text: uploadTextOf(task) };
}

/**
 * A .vtt upload: its original decoded (NOTE, STYLE, REGION, identifiers and settings are there, and
 * only there); any other format: its WebVTT rendition (`rendition`, the one stored, or made again).
 * Cue text cleaned to the editor's tags; null when no encoding reads it.
 */
function uploadTextOf(task: OpenUploadTask): string | null {
  if (extensionOf(task.fileName) === '.vtt') {
    const read = readSubtitleText(task.bytes, { ...(task.charset ? { encoding: task.charset } : {}), language: task.language });
    if (read.ok && parseVttDocument(read.decoded.text).valid) return editableVtt(read.decoded.text).text;
  }
  if (task.rendition !== null) return editableVtt(task.rendition).text;
  const made = makeRendition(task.bytes, task.fileName, task.charset, task.language);
  return made.ok ? editableVtt(Buffer.from(made.content).toString('utf8')).text : null;
}
