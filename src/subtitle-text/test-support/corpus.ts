/**
 * Test and bench only: a deterministic corpus of subtitle files — every corpus language in each of
 * its legacy code pages and in UTF-8/16/32 with and without a BOM, written as SRT, VTT, ASS, SSA,
 * MicroDVD .sub (with and without a frame-rate line) and SubViewer .sub, one-cue and twelve-cue long.
 * Each entry carries the cues a player must show, so a test can compare what was served with them.
 */
import { CORPUS_LANGUAGES, type CorpusLanguage } from './corpus-languages';
import { BOMS, encode, withPrefix } from './encode';

export type CorpusFormat = 'srt' | 'vtt' | 'ass' | 'ssa' | 'microdvd' | 'subviewer';
export const CORPUS_FORMATS: readonly CorpusFormat[] = ['srt', 'vtt', 'ass', 'ssa', 'microdvd', 'subviewer'];
export const UNICODE_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'utf-32le', 'utf-32be'] as const;

export interface ExpectedCue {
  start: number;
  end: number;
  /** The text a viewer reads: lines joined by \n, no markup. */
  text: string;
}

export interface CorpusEntry {
  /** e.g. "Russian/windows-1251/srt/short" */
  id: string;
  language: string;
  /** The language's code in the kit's list (the track's sub_lang). */
  languageCode: string;
  encoding: string;
  bom: boolean;
  legacy: boolean;
  format: CorpusFormat;
  fileName: string;
  bytes: Uint8Array<ArrayBuffer>;
  cues: ExpectedCue[];
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const clock = (ms: number, separator: string, fractionDigits: number, hourWidth = 2): string => {
  const fraction = fractionDigits === 3 ? ms % 1000 : Math.floor((ms % 1000) / 10);
  return `${pad(Math.floor(ms / 3_600_000), hourWidth)}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(fraction, fractionDigits)}`;
};

/** 23.976 is declared by a `{1}{1}23.976` first line; files without it are read at the default 25. */
const MICRODVD_DECLARED_FPS = 23.976;
const DEFAULT_FPS = 25;

/** Cue n starts at n × 2 s + 1 s and lasts 1.5 s; ASS and SubViewer count centiseconds, so all fit. */
function plannedCues(lines: readonly string[], count: number): ExpectedCue[] {
  return Array.from({ length: count }, (_, n) => ({ start: n * 2000 + 1000, end: n * 2000 + 2500, text: lines[n % lines.length]! }));
}

/** Writes cues in a format; returns the text and the cues as a player must show them (frame-rounded for MicroDVD). */
function write(format: CorpusFormat, cues: ExpectedCue[], variant: number): { text: string; cues: ExpectedCue[] } {
  switch (format) {
    case 'srt':
      return {
        text: cues.map((c, n) => `${n + 1}\r\n${clock(c.start, ',', 3)} --> ${clock(c.end, ',', 3)}\r\n${c.text}\r\n`).join('\r\n'),
        cues,
      };
    case 'vtt':
      return {
        text: `WEBVTT\n\n${cues.map((c) => `${clock(c.start, '.', 3)} --> ${clock(c.end, '.', 3)}\n${c.text}\n`).join('\n')}`,
        cues,
      };
    case 'ass':
    case 'ssa': {
      const ass = format === 'ass';
      // Written last cue first, with override tags: the rendition must sort them and strip the tags.
      const dialogue = [...cues]
        .reverse()
        .map(
          (c, n) =>
            `Dialogue: ${ass ? '0' : 'Marked=0'},${clock(c.start, '.', 2, 1)},${clock(c.end, '.', 2, 1)},Default,,0,0,0,,${n % 2 ? `{\\i1}${c.text}{\\i0}` : `{\\an8}${c.text}`}`,
        );
      const text = [
        '[Script Info]',
        `ScriptType: ${ass ? 'v4.00+' : 'v4.00'}`,
        '',
        `[${ass ? 'V4+' : 'V4'} Styles]`,
        'Format: Name, Fontname, Fontsize',
        'Style: Default,Arial,20',
        '',
        '[Events]',
        `Format: ${ass ? 'Layer' : 'Marked'}, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text`,
        ...dialogue,
        '',
      ].join('\r\n');
      return { text, cues };
    }
    case 'microdvd': {
      const declared = variant % 2 === 0;
      const fps = declared ? MICRODVD_DECLARED_FPS : DEFAULT_FPS;
      const frames = cues.map((c) => [Math.round((c.start * fps) / 1000), Math.round((c.end * fps) / 1000)] as const);
      const body = frames.map(([s, e], n) => `{${s}}{${e}}${cues[n]!.text}`);
      return {
        text: [...(declared ? [`{1}{1}${fps}`] : []), ...body].join('\r\n'),
        cues: cues.map((c, n) => ({
          ...c,
          start: Math.round((frames[n]![0] * 1000) / fps),
          end: Math.round((frames[n]![1] * 1000) / fps),
        })),
      };
    }
    case 'subviewer': {
      const header = '[INFORMATION]\r\n[TITLE]Corpus\r\n[END INFORMATION]\r\n[SUBTITLE]\r\n';
      return { text: header + cues.map((c) => `${clock(c.start, '.', 2)},${clock(c.end, '.', 2)}\r\n${c.text}\r\n`).join('\r\n'), cues };
    }
  }
}

const extensionOf = (format: CorpusFormat): string => (format === 'microdvd' || format === 'subviewer' ? 'sub' : format);

function* entriesFor(language: CorpusLanguage, index: number): Generator<CorpusEntry> {
  const encodings = [
    ...language.codePages.map((encoding) => ({ encoding, bom: false, legacy: true })),
    ...UNICODE_ENCODINGS.flatMap((encoding) => [false, true].map((bom) => ({ encoding, bom, legacy: false }))),
  ];
  for (const { encoding, bom, legacy } of encodings) {
    for (const format of CORPUS_FORMATS) {
      for (const [size, count] of [
        ['short', 1],
        ['long', 12],
      ] as const) {
        const written = write(format, plannedCues(language.lines, count), index);
        const body = encode(written.text, encoding);
        yield {
          id: `${language.name}/${encoding}${bom ? '+bom' : ''}/${format}/${size}`,
          language: language.name,
          languageCode: language.code,
          encoding,
          bom,
          legacy,
          format,
          fileName: `${language.name.toLowerCase().replace(/\W+/g, '-')}.${extensionOf(format)}`,
          bytes: bom ? withPrefix(BOMS[encoding]!, body) : body,
          cues: written.cues,
        };
      }
    }
  }
}

/** The whole corpus, in a fixed order. */
export function buildCorpus(): CorpusEntry[] {
  return CORPUS_LANGUAGES.flatMap((language, index) => [...entriesFor(language, index)]);
}
