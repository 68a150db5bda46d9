import { escapeCueText } from './cue-markup';
import { found, Problems, splitLines, toMs, type Cue, type ParseResult } from './types';

/** Which of the two text formats that share the .sub extension the file is. */
export type SubVariant = 'microdvd' | 'subviewer';

/** {@link ParseResult} plus the variant found (null when neither was recognised). */
export interface SubParseResult extends ParseResult {
  variant: SubVariant | null;
}

/** MicroDVD has no frame rate of its own; 25 fps (PAL) is what most players assume. */
export const DEFAULT_FPS = 25;
const MICRODVD = /^\{(\d+)\}\{(\d*)\}(.*)$/;
const SUBVIEWER_TIME = /^(\d{1,2}):(\d{2}):(\d{2})\.(\d{1,3}),(\d{1,2}):(\d{2}):(\d{2})\.(\d{1,3})\s*$/;
const FPS_DECLARATION = /^\d{1,3}(?:\.\d+)?$/;
// Style codes such as {y:i} or {c:$0000FF}; a bounded class, so linear.
const MICRODVD_CODE = /\{[a-zA-Z]:[^}]*\}/g;

/**
 * MicroDVD cue text as WebVTT cue text: "|" separates lines; a line starting with "/" or carrying
 * {y:i} is italic ({Y:i} makes every line italic), {y:b} bold; other codes (colour, font) are dropped.
 */
function microDvdTextToVtt(body: string): string {
  const cueStyle = (/\{Y:([^}]*)\}/.exec(body)?.[1] ?? '').toLowerCase();
  return body
    .split('|')
    .map((part) => {
      const lineStyle = cueStyle + (/\{y:([^}]*)\}/.exec(part)?.[1] ?? '').toLowerCase();
      const italic = part.startsWith('/') || lineStyle.includes('i');
      let text = escapeCueText((part.startsWith('/') ? part.slice(1) : part).replace(MICRODVD_CODE, ''));
      if (lineStyle.includes('b')) text = `<b>${text}</b>`;
      return italic ? `<i>${text}</i>` : text;
    })
    .join('\n');
}

function detectVariant(lines: string[]): { variant: SubVariant | null; firstLine: number } {
  let firstLine = -1;
  for (let i = 0, seen = 0; i < lines.length && seen < 50; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    seen++;
    if (firstLine < 0) firstLine = i;
    if (seen === 1 && MICRODVD.test(line)) return { variant: 'microdvd', firstLine };
    if (/^\[INFORMATION\]$/i.test(line) || SUBVIEWER_TIME.test(line)) return { variant: 'subviewer', firstLine };
  }
  return { variant: null, firstLine };
}

function parseMicroDvd(lines: string[], problems: Problems): Cue[] {
  const cues: Cue[] = [];
  let fps = DEFAULT_FPS;
  let first = true;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    const m = MICRODVD.exec(line);
    if (!m || m[2] === '') {
      problems.add(index + 1, `expected a line like "{25}{50}Hello", found ${found(line)}`);
      return;
    }
    const startFrame = Number(m[1]);
    const endFrame = Number(m[2]);
    const body = m[3] ?? '';
    // "{1}{1}23.976" on the first line declares the frame rate and is not shown.
    if (first && startFrame <= 1 && endFrame <= 1 && FPS_DECLARATION.test(body.trim())) {
      const declared = Number(body.trim());
      if (declared > 0 && declared <= 240) fps = declared;
      first = false;
      return;
    }
    first = false;
    if (endFrame < startFrame) problems.add(index + 1, 'the cue ends before it starts');
    const text = microDvdTextToVtt(body);
    cues.push({ start: Math.round((startFrame * 1000) / fps), end: Math.round((endFrame * 1000) / fps), text, line: index + 1 });
  });
  return cues;
}

function parseSubViewer(lines: string[], problems: Problems): Cue[] {
  const cues: Cue[] = [];
  let i = 0;
  const isBlank = (at: number): boolean => (lines[at] ?? '').trim() === '';
  while (i < lines.length) {
    while (i < lines.length && isBlank(i)) i++;
    if (i >= lines.length) break;
    const line = (lines[i] ?? '').trim();
    // Header tags such as [INFORMATION], [TITLE]…, [COLF]… sit one per line before the cues.
    if (line.startsWith('[')) {
      i++;
      continue;
    }
    const m = SUBVIEWER_TIME.exec(line);
    if (!m) {
      problems.add(i + 1, `expected a time line like "00:00:01.00,00:00:02.00", found ${found(line)}`);
      while (i < lines.length && !isBlank(i)) i++;
      continue;
    }
    const start = toMs(Number(m[1]), Number(m[2]), Number(m[3]), m[4] ?? '');
    const end = toMs(Number(m[5]), Number(m[6]), Number(m[7]), m[8] ?? '');
    const timeLine = i + 1;
    if (end < start) problems.add(timeLine, 'the cue ends before it starts');
    i++;
    const text: string[] = [];
    while (i < lines.length && !isBlank(i)) text.push(escapeCueText(lines[i++] ?? '').replace(/\[br\]/gi, '\n'));
    cues.push({ start, end, text: text.join('\n'), line: timeLine });
  }
  return cues;
}

/**
 * Parses a text .sub file: MicroDVD (`{start}{end}text` in frames, `|` between lines, converted at
 * 25 fps unless the first line declares the rate as `{1}{1}23.976`) or SubViewer 2.0
 * (`00:00:01.00,00:00:02.00` blocks, `[br]` between lines). Which one is decided from the first lines.
 * (A VobSub .sub is binary and never reaches this parser: the check refuses it first.)
 */
export function parseSub(text: string): SubParseResult {
  const lines = splitLines(text);
  const problems = new Problems();
  const { variant, firstLine } = detectVariant(lines);
  if (variant === null) {
    if (firstLine >= 0) {
      problems.add(
        firstLine + 1,
        `expected a MicroDVD line like "{25}{50}Hello" or a SubViewer time line like "00:00:01.00,00:00:02.00", found ${found(lines[firstLine] ?? '')}`,
      );
    }
    return { cues: [], problems: problems.list, variant };
  }
  const cues = variant === 'microdvd' ? parseMicroDvd(lines, problems) : parseSubViewer(lines, problems);
  return { cues, problems: problems.list, variant };
}
