/**
 * The WebVTT text of the cue editor (decision D38): what a track is edited as, and the checks a saved
 * text passes. Shared by the server (which cleans and checks every save) and the kit (which may show
 * the same cleaning before it sends).
 */
import { cleanCueText } from './cue-markup';
import { editCue, parseVttDocument, serializeVttDocument, type VttDocument, type VttPart } from './vtt-document';

/** The reply's warning when a saved text had cue markup other than the tags the editor keeps. */
export const CUE_TEXT_CLEANED = 'Some cue text was cleaned: only <i>, <b> and <u> are kept';

/** <i>, <b> and <u> with the classes a STYLE block may style them by; every other tag goes. */
const EDIT_TAG = /^(\/?)([ibu])((?:\.[A-Za-z0-9_-]+)*)$/;
const keptEditTag = (inner: string): string => {
  const m = EDIT_TAG.exec(inner.trim());
  if (!m) return '';
  return m[1] ? `</${m[2]}>` : `<${m[2]}${m[3]}>`;
};

/**
 * Cue text as the editor keeps it: <i>, <b>, <u> (with classes), every other tag removed, a "<" or "&"
 * that starts no tag or entity escaped. A line that held only removed tags goes (a blank line would end
 * the cue there) and an arrow left where a tag was is escaped (it would end the cue's block).
 */
export function sanitizeEditedCueText(text: string): string {
  const cleaned = cleanCueText(text, keptEditTag);
  if (cleaned === text) return text;
  return cleaned
    .split('\n')
    .filter((line) => line !== '')
    .join('\n')
    .replaceAll('-->', '--&gt;');
}

/**
 * The document with each cue whose text needs cleaning rewritten alone (its identifier, timing and
 * settings, and every other part, keep their exact text), and how many cues changed.
 */
export function cleanEditedCues(doc: VttDocument): { doc: VttDocument; cleaned: number } {
  let cleaned = 0;
  const parts = doc.parts.map((part): VttPart => {
    if (part.kind !== 'cue') return part;
    const text = sanitizeEditedCueText(part.text);
    if (text === part.text) return part;
    cleaned++;
    // One cue as its own document: the edit rewrites that cue and nothing else.
    return editCue({ valid: true, parts: [part] }, 0, { text }).parts[0]!;
  });
  return { doc: cleaned ? { ...doc, parts } : doc, cleaned };
}

/** Lines a part spans (a cue: its identifier line, its timing line and its payload). */
const lineCount = (part: VttPart): number =>
  part.kind === 'cue' ? (part.written.idLine ? 1 : 0) + 1 + part.written.payload.length : part.lines.length;

/**
 * Why a text cannot be saved as a track, naming its line, or null. A player skips a block with a broken
 * timing line without a word, so a typo would lose a cue: such a block is refused. Everything else a
 * player reads (NOTE, STYLE, REGION, unknown blocks, cues whose end is before their start) is kept.
 */
export function vttSaveProblem(doc: VttDocument): string | null {
  if (!doc.valid) return 'Line 1: a WebVTT file starts with the line WEBVTT';
  let line = 1;
  for (const part of doc.parts) {
    if (part.kind === 'block') {
      const at = part.lines.findIndex((l) => l.text.includes('-->'));
      if (at >= 0) return `Line ${line + at}: "${part.lines[at]!.text.slice(0, 80)}" is not a cue timing (start --> end, as 00:01:02.500)`;
    }
    line += lineCount(part);
  }
  return null;
}

const withoutBom = (text: string): string => (text.startsWith('\uFEFF') ? text.slice(1) : text);

/** A track's text as the editor gets it: no BOM (a byte-order mark is not part of the text), cue text cleaned. */
export function editableVtt(text: string): { text: string; cleaned: number } {
  const plain = withoutBom(text);
  const { doc, cleaned } = cleanEditedCues(parseVttDocument(plain));
  return { text: cleaned ? serializeVttDocument(doc) : plain, cleaned };
}

/** A text sent to be saved: refused with the line at fault, or as stored (see editableVtt). */
export function savableVtt(text: string): { ok: true; text: string; cleaned: number } | { ok: false; problem: string } {
  const plain = withoutBom(text);
  const doc = parseVttDocument(plain);
  const problem = vttSaveProblem(doc);
  if (problem) return { ok: false, problem };
  const clean = cleanEditedCues(doc);
  return { ok: true, text: clean.cleaned ? serializeVttDocument(clean.doc) : plain, cleaned: clean.cleaned };
}
