import { extensionOf } from '../contract/subtitles';
import { checkDecoded, formatFor, readSubtitleText, type CheckOptions, type SubtitleCheckRefused } from './check-subtitle';
import { readSrt } from './parse-srt';
import { toWebVttBytes, WebVttWriter } from './to-webvtt';

/** The player's copy of a subtitle file: UTF-8 WebVTT bytes and the encoding the file was read with. */
export interface Rendition {
  ok: true;
  content: Uint8Array;
  encoding: string;
}

/**
 * The player's UTF-8 WebVTT rendition of a subtitle file, or the check's reason why there is none:
 * `toWebVttBytes(checkSubtitleBytes(…).cues)`, byte for byte (a test holds it to that). A .srt with
 * cues is written as it is read, no cue kept: 76,000 cues of a 5 MB file lived until the end
 * otherwise, and moving them was a third of the garbage collector's work. Server-side: the kit's
 * check never writes a rendition, so this stays out of its bundle.
 */
export function renditionOf(bytes: Uint8Array, fileName: string, options: CheckOptions = {}): Rendition | SubtitleCheckRefused {
  const read = readSubtitleText(bytes, options);
  if (!read.ok) return read;
  const { text, encoding } = read.decoded;
  if (formatFor(extensionOf(fileName), text) === 'srt') {
    // About 2 bytes per character of Cyrillic, Greek, Hebrew … text; the writer makes room when more are needed.
    const writer = new WebVttWriter(2 * text.length);
    readSrt(text, (start, end, cueText) => writer.cue(start, end, cueText));
    // No cue: the check's reading (a misnamed file, or the reason) decides.
    if (writer.cueCount > 0) return { ok: true, content: writer.bytes(), encoding };
  }
  const check = checkDecoded(read.decoded, fileName);
  return check.ok ? { ok: true, content: toWebVttBytes(check.cues), encoding: check.encoding } : check;
}
