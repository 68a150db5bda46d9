/**
 * Test and bench only: the real legacy-encoded files of other projects' test suites
 * (fixtures/real/, README.md there says whose), each with the text GNU iconv reads in it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkSubtitleBytes } from '../check-subtitle';
import { decodeSubtitle } from '../detect-encoding';

const REAL = path.join(import.meta.dirname, '..', 'fixtures', 'real');

export interface RealFile {
  /** Path under fixtures/real, e.g. "uchardet/he-windows-1255.txt". */
  file: string;
  /** The WHATWG name of the encoding the file is in (ISO-8859-1 files read as windows-1252, as browsers do). */
  encoding: string;
  /** The track language an operator would pick (a code of the kit's list). */
  language: string;
  /** The file's bytes as published. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The same bytes as a subtitle upload: a real subtitle file as it is, a plain text wrapped as cues. */
  upload: { name: string; bytes: Uint8Array<ArrayBuffer> };
  /** What GNU iconv reads in the file (`<file>.utf8`, written by make-references.py), NFC. */
  reference: string;
}

interface ManifestEntry {
  file: string;
  encoding: string;
  language: string;
}

const SUBTITLE_EXTENSIONS = ['.srt', '.vtt', '.ass', '.ssa', '.sub'];

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const srtTime = (s: number): string => `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)},000`;

/**
 * A plain text as an SRT file: every non-blank line one cue, its bytes copied as they are (only ASCII
 * cue numbers and timings are added around them), so the text's encoding is the file's.
 */
export function wrapAsCues(text: Uint8Array): Uint8Array<ArrayBuffer> {
  const ascii = (s: string): number[] => [...s].map((ch) => ch.charCodeAt(0));
  const out: number[] = [];
  let cue = 0;
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text[i] !== 0x0a) continue;
    let line = text.subarray(start, i);
    start = i + 1;
    if (line.at(-1) === 0x0d) line = line.subarray(0, -1);
    if (line.every((byte) => byte === 0x20 || byte === 0x09)) continue;
    cue++;
    out.push(...ascii(`${cue}\r\n${srtTime(cue * 2)} --> ${srtTime(cue * 2 + 1)}\r\n`), ...line, ...ascii('\r\n\r\n'));
  }
  return Uint8Array.from(out);
}

/** Every real file, in the manifest's order. */
export function loadRealFiles(): RealFile[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(REAL, 'manifest.json'), 'utf8')) as ManifestEntry[];
  return manifest.map(({ file, encoding, language }) => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(REAL, file)));
    const base = path.basename(file);
    const isSubtitle = SUBTITLE_EXTENSIONS.includes(path.extname(file));
    return {
      file,
      encoding,
      language,
      bytes,
      upload: isSubtitle ? { name: base, bytes } : { name: `${base}.srt`, bytes: wrapAsCues(bytes) },
      reference: fs
        .readFileSync(path.join(REAL, `${file}.utf8`), 'utf8')
        .replace(/^\uFEFF/, '')
        .normalize('NFC'),
    };
  });
}

/** `real`'s bytes read as `encoding` give the text iconv reads (NFC: windows-1255/1258 write marks apart). */
export const readsAs = (real: RealFile, encoding: string): boolean =>
  decodeSubtitle(real.bytes, encoding).text.normalize('NFC') === real.reference;

/** The encoding the upload check picks for the file's upload, no encoding named (`withLanguage`: its track language as the only hint). */
export function detectedFor(real: RealFile, withLanguage: boolean): string | null {
  const check = checkSubtitleBytes(real.upload.bytes, real.upload.name, withLanguage ? { language: real.language } : {});
  return check.ok ? check.encoding : null;
}
