/** Test-only: subtitle-like dialogue by language (the corpus sentences), and a helper that wraps lines into an SRT file. */
import { CORPUS_LANGUAGES } from './corpus-languages';

const linesOf = (name: string): readonly string[] => {
  const language = CORPUS_LANGUAGES.find((candidate) => candidate.name === name);
  if (!language) throw new Error(`no corpus language ${name}`);
  return language.lines;
};

export const DIALOGUE = {
  russian: linesOf('Russian'),
  ukrainian: linesOf('Ukrainian'),
  polish: linesOf('Polish'),
  czech: linesOf('Czech'),
  romanian: linesOf('Romanian'),
  hungarian: linesOf('Hungarian'),
  french: linesOf('French'),
  german: linesOf('German'),
  spanish: linesOf('Spanish'),
  greek: linesOf('Greek'),
  turkish: linesOf('Turkish'),
  hebrew: linesOf('Hebrew'),
  arabic: linesOf('Arabic'),
  japanese: linesOf('Japanese'),
  chinese: linesOf('Chinese (simplified)'),
  traditional: linesOf('Chinese (traditional)'),
  korean: linesOf('Korean'),
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const srtTime = (ms: number): string =>
  `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;

/** An SRT file with one cue per line of `lines`, two seconds each, CRLF line ends like most SRT files. */
export function srtOf(lines: readonly string[], repeat = 1): string {
  const blocks: string[] = [];
  for (let r = 0; r < repeat; r++) {
    for (const line of lines) {
      const n = blocks.length;
      blocks.push(`${n + 1}\r\n${srtTime(n * 2000 + 1000)} --> ${srtTime(n * 2000 + 2500)}\r\n${line}\r\n`);
    }
  }
  return blocks.join('\r\n');
}
