const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00A0',
  lrm: '\u200E',
  rlm: '\u200F',
};

/** Removes everything from `open` to the next `close`, in one left-to-right pass (no regex backtracking). */
function stripBetween(text: string, open: string, close: string, keepIf: (inner: string) => boolean): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const start = text.indexOf(open, i);
    if (start < 0) break;
    const end = text.indexOf(close, start + 1);
    if (end < 0) break;
    const inner = text.slice(start + 1, end);
    out += text.slice(i, start);
    if (keepIf(inner)) out += text.slice(start, end + 1);
    i = end + 1;
  }
  return out + text.slice(i);
}

/** Escapes plain text for WebVTT cue text: "&" and "<" start markup there, ">" is escaped for symmetry. */
export const escapeCueText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tags every player renders, in WebVTT and in the SRT files that borrow HTML's. */
const KEPT_TAG = /^\/?[ibu]$/i;
const ENTITY = /^&(?:#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/i;

/**
 * SRT cue text (HTML-like: <i>, <b>, <u>, <font color=…>, and {\an8} borrowed from ASS) as WebVTT cue
 * text: <i>, <b> and <u> kept, other tags and override blocks removed, a "<" or "&" that starts no tag
 * or entity escaped, so "a < b" still reads "a < b".
 */
export function srtTextToVtt(text: string): string {
  if (!/[<&{]/.test(text)) return text; // most cues: nothing to do, and 5 MB files have many
  const noOverrides = stripBetween(text, '{', '}', (inner) => !inner.startsWith('\\'));
  const tagEnd = tagEnds(noOverrides);
  let out = '';
  let i = 0;
  while (i < noOverrides.length) {
    const ch = noOverrides[i]!;
    if (ch === '<') {
      const close = tagEnd(i);
      if (close >= 0) {
        const name = noOverrides
          .slice(i + 1, close)
          .trim()
          .split(/\s/, 1)[0]!;
        if (KEPT_TAG.test(name)) out += `<${name.toLowerCase()}>`;
        i = close + 1;
        continue;
      }
      out += '&lt;';
    } else if (ch === '&') {
      out += ENTITY.test(noOverrides.slice(i, i + 12)) ? '&' : '&amp;';
    } else {
      out += ch;
    }
    i++;
  }
  return out;
}

/** The tags WebVTT cue text defines; everything else (<script>, <img onerror=…>, <font>) is removed. */
const VTT_TAGS = new Set(['c', 'i', 'b', 'u', 'ruby', 'rt', 'v', 'lang']);
/** A WebVTT start tag as kept: name, classes, and for <v>/<lang> an annotation (a speaker, a language tag). */
const VTT_START_TAG = /^([a-z]+)((?:\.[A-Za-z0-9_-]+)*)(?:[ \t]+([^<>&"'=]*))?$/;
const VTT_TIMESTAMP_TAG = /^(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}$/;

/** One tag of WebVTT cue text as the rendition keeps it, or '' when the rendition drops it. */
function vttTag(inner: string): string {
  if (VTT_TIMESTAMP_TAG.test(inner)) return `<${inner}>`;
  if (inner.startsWith('/')) return VTT_TAGS.has(inner.slice(1).trim()) ? `</${inner.slice(1).trim()}>` : '';
  const m = VTT_START_TAG.exec(inner);
  if (!m || !VTT_TAGS.has(m[1]!)) return '';
  const annotation = (m[1] === 'v' || m[1] === 'lang') && m[3]?.trim() ? ` ${m[3].trim()}` : '';
  return `<${m[1]}${m[2]}${annotation}>`;
}

/**
 * WebVTT cue text as the rendition serves it: WebVTT's own tags kept (c, i, b, u, ruby, rt, v, lang,
 * with classes, and timestamps), any other tag removed — a player ignores them, but a served
 * `<script>` or `<img onerror>` is one renderer bug away from running — and a "<" or "&" that starts
 * no tag or entity escaped, as in SRT text.
 */
export const sanitizeVttText = (text: string): string => cleanCueText(text, vttTag);

/**
 * Cue text with each tag as `keepTag` writes it (given what is between "<" and ">"; '' removes it) and
 * a "<" or "&" that starts no tag or entity escaped.
 */
export function cleanCueText(text: string, keepTag: (inner: string) => string): string {
  if (!/[<&]/.test(text)) return text; // most cues: nothing to do
  const tagEnd = tagEnds(text);
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '<') {
      const close = tagEnd(i);
      if (close >= 0) {
        out += keepTag(text.slice(i + 1, close));
        i = close + 1;
        continue;
      }
      out += '&lt;';
    } else if (ch === '&') {
      out += ENTITY.test(text.slice(i, i + 12)) ? '&' : '&amp;';
    } else {
      out += ch;
    }
    i++;
  }
  return out;
}

/** A "<" that opens a tag: "<i>", "</font>", "<c.yellow>", "<00:00:01.000>" — not "a < b" or "<3". */
const isTagLike = (inner: string): boolean => /^\/?[A-Za-z0-9]/.test(inner) && !/^\d+$/.test(inner) && !inner.includes('\n');

/** Where `char` is next from `from` on, or the text's length when nowhere. */
function nextIndex(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isAsciiAlnum = (code: number): boolean => isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a);

/**
 * For the "<" at each position of `text`, from left to right: where the tag it opens ends (its ">"), or
 * -1 when it opens none (isTagLike of what lies between). The same answer as looking for the next ">"
 * from each "<", in linear time: the next ">" and the next line break are remembered until the scan
 * passes them, so a text of a million unmatched "<" is not searched to its end a million times.
 */
function tagEnds(text: string): (open: number) => number {
  let close = -1; // the first ">" after the last "<" asked about; text.length when there is none
  let newline = -1; // the same for a line break
  return (open) => {
    if (close <= open) close = nextIndex(text, '>', open + 1);
    if (close === text.length) return -1;
    if (newline <= open) newline = nextIndex(text, '\n', open + 1);
    if (newline < close) return -1;
    const first = text.charCodeAt(open + 1) === 0x2f ? open + 2 : open + 1;
    if (first >= close || !isAsciiAlnum(text.charCodeAt(first))) return -1;
    // All digits ("<3>") is no tag. The digits after one "<" end before the next "<", so these scans
    // cover each character once at most.
    let j = open + 1;
    while (j < close && isDigit(text.charCodeAt(j))) j++;
    return j === close ? -1 : close;
  };
}

/**
 * Turns cue text into plain text for a preview: removes HTML-like tags (<i>, <b>, <font color=…>,
 * <script>, WebVTT <c>/<v>/timestamps) and {\override} blocks that SRT files borrow from ASS, then
 * decodes the few entities WebVTT defines. The result is still untrusted: render it as text
 * (React children, `textContent`), never as HTML — this function makes it readable, not safe.
 */
export function toPlainText(cueText: string): string {
  const noTags = stripBetween(cueText, '<', '>', (inner) => !isTagLike(inner));
  const noOverrides = stripBetween(noTags, '{', '}', (inner) => !inner.startsWith('\\'));
  return noOverrides.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const cp = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}
