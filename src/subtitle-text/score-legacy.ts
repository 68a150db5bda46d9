import { decodeText } from './decode-text';
import { codePagesOf } from './language-prior';
import { CANDIDATES, family, scriptOf, type Candidate, type LanguageModel, type Script } from './language-models';

/**
 * Picks the most plausible legacy code page for bytes that are neither UTF-8 nor UTF-16.
 *
 * How: take the lines that contain bytes ≥ 0x80 (ASCII decodes the same everywhere), up to 8 KB so
 * a 5 MB file costs the same as a small one; decode them with every candidate; score each decoding by
 * how much it looks like text in ONE of the candidate's languages. Per byte of non-ASCII text:
 * - a letter of the language: +1 if frequent, +0.7 if it belongs to the language, +0.3 if rare
 *   (ъ, щ …), less for other letters of the same script; lower case is preferred (×0.9 for capitals)
 *   because KOI8-R and windows-1251 swap the cases of the same bytes;
 * - a capital right after a small letter in the same word ("пРИВЕТ", "żDónde"): −0.5;
 * - a letter written only at word ends (Greek ς, Hebrew ם ן …) inside a word: −0.5;
 * - a word mixing scripts ("йlиve", Latin with Cyrillic; CJK inside an ASCII word, "ingr馘ient" — French
 *   read as Shift_JIS — though ASCII next to CJK, "DVD版", is fine): −0.5 per letter;
 * - a Latin word of 3+ letters with no ASCII letter ("Ïðèâåò"): −0.3 per letter — real Latin-script
 *   words have diacritics on a few letters, Cyrillic or Greek bytes read as Latin have them on all;
 * - U+FFFD (a byte the code page lacks) or a control character (C1 from ISO-8859-2): −2;
 * - typographic punctuation (… “ ” « » – —): +0.3, other symbols (¹ ³ º ¤): −0.5, and −1 more when
 *   squeezed between two letters ("mo¿e" is "może" read as windows-1252).
 * The best language's total divided by the number of non-ASCII bytes is the candidate's score.
 *
 * When the track's language is known, the code pages it is written in get {@link LANGUAGE_PRIOR} on top
 * (language-prior.ts): enough to settle a close call, not enough to pick text that reads as garbage.
 */

const SAMPLE_LIMIT = 8 * 1024;
/** Added to the score of a code page the track's language is written in (clean text scores about 1). */
export const LANGUAGE_PRIOR = 0.3;
const COMMON_PUNCT = new Set('…“”‘’„«»–—¡¿°€•·‹›©®™'.split(''));
/** Punctuation that legitimately sits inside a word: l’homme, Catalan l·l, well–known. */
const IN_WORD_OK = new Set('’·–'.split(''));

type Kind = 'letter' | 'space' | 'punct' | 'cjk-punct' | 'symbol' | 'bad' | 'private';

/** What the scorer needs to know of a non-ASCII character, worked out once per code point, not per occurrence. */
interface CharInfo {
  kind: Kind;
  /** Punctuation that may sit inside a word (see IN_WORD_OK). */
  inWordOk: boolean;
  /** For letters: the lower case, whether it is a capital, whether it is a small letter (has a distinct capital), its script. */
  lower: string;
  upper: boolean;
  small: boolean;
  script: Script;
}
const charInfos = new Map<number, CharInfo>();

function kindOf(ch: string, cp: number): Kind {
  if (cp === 0xfffd || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'bad';
  if (cp >= 0xe000 && cp <= 0xf8ff) return 'private';
  if (/[\p{L}\p{M}]/u.test(ch)) return 'letter';
  if (/\s/u.test(ch)) return cp === 0x3000 ? 'cjk-punct' : 'space';
  if ((cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff00 && cp <= 0xff65)) return 'cjk-punct';
  if (COMMON_PUNCT.has(ch)) return 'punct';
  return 'symbol';
}

function charInfo(cp: number): CharInfo {
  let info = charInfos.get(cp);
  if (!info) {
    const ch = String.fromCodePoint(cp);
    const lower = ch.toLowerCase();
    info = {
      kind: kindOf(ch, cp),
      inWordOk: IN_WORD_OK.has(ch),
      lower,
      upper: lower !== ch,
      small: lower === ch && ch.toUpperCase() !== ch,
      script: scriptOf(cp),
    };
    charInfos.set(cp, info);
  }
  return info;
}

interface ModelSets {
  common: Set<string>;
  letters: Set<string>;
  rare: Set<string>;
  finalOnly: Set<string>;
}
const modelSets = new Map<LanguageModel, ModelSets>();
function setsOf(model: LanguageModel): ModelSets {
  let sets = modelSets.get(model);
  if (!sets) {
    sets = {
      common: new Set(model.common),
      letters: new Set(model.letters ?? ''),
      rare: new Set(model.rare ?? ''),
      finalOnly: new Set(model.finalOnly ?? ''),
    };
    modelSets.set(model, sets);
  }
  return sets;
}

function plausibility(info: CharInfo, weird: boolean, model: LanguageModel, sets: ModelSets, last: boolean): number {
  if (weird) return -0.5;
  if (!last && sets.finalOnly.has(info.lower)) return -0.5;
  let weight: number;
  if (sets.common.has(info.lower)) weight = 1;
  else if (sets.letters.has(info.lower)) weight = 0.7;
  else if (sets.rare.has(info.lower)) weight = 0.3;
  else weight = model.scripts[info.script] ?? -0.5;
  return info.upper && weight > 0 ? weight * 0.9 : weight;
}

/** How many bytes a decoded character stood for: 1 in a single-byte code page, usually 2 otherwise. */
function bytesOf(cp: number, candidate: Candidate): number {
  if (!candidate.multiByte || cp === 0xfffd || (cp >= 0xff61 && cp <= 0xff9f) || cp === 0x20ac) return 1;
  return cp > 0xffff ? 4 : 2;
}

/**
 * The letters of the word being read, in arrays reused from word to word: the scorer reads 8 KB
 * under every candidate for each legacy file, and an object per letter (plus a set per word) was
 * most of its time.
 */
const wordInfos: CharInfo[] = [];
const wordWeird: boolean[] = [];
const wordBytes: number[] = [];

/** Scores decoded text for one candidate; higher is more plausible, about 1 for clean text. */
export function scoreText(text: string, candidate: Candidate): number {
  const models = candidate.models;
  const modelSets = models.map(setsOf);
  const modelSums = new Float64Array(models.length);
  let shared = 0;
  let total = 0;
  let wordLength = 0;
  let wordHasAscii = false;
  /** An ASCII letter came after the last non-ASCII letter of the word (so that one is not final). */
  let asciiAfter = false;
  let prevLower = false;
  let prevNonAsciiLower = false;
  let prevLetter = false;
  let pendingInWord = false;
  /** Turns between ASCII and non-ASCII letters inside the word: "DVD版" has one, "ingr馘ient" (French read as Shift_JIS) two. */
  let switches = 0;
  let lastLetterAscii: boolean | null = null;

  const endWord = (): void => {
    if (wordLength > 0) {
      let only: string | undefined = family(wordInfos[0]!.script);
      for (let k = 1; k < wordLength && only !== undefined; k++) if (family(wordInfos[k]!.script) !== only) only = undefined;
      const severalFamilies = only === undefined;
      // ASCII next to CJK ("DVD版") is normal, CJK inside an ASCII word is not; ASCII next to Cyrillic inside one word is not.
      const mixed = severalFamilies || (wordHasAscii && only !== 'latin' && (only !== 'cjk' || switches >= 2));
      const allDiacritics = !mixed && !wordHasAscii && only === 'latin' && wordLength >= 3;
      for (let k = 0; k < wordLength; k++) {
        const bytes = wordBytes[k]!;
        if (mixed) shared -= 0.5 * bytes;
        else if (allDiacritics) shared -= 0.3 * bytes;
        else {
          const last = k === wordLength - 1 && !asciiAfter;
          for (let m = 0; m < models.length; m++)
            modelSums[m]! += bytes * plausibility(wordInfos[k]!, wordWeird[k]!, models[m]!, modelSets[m]!, last);
        }
      }
    }
    wordLength = 0;
    wordHasAscii = false;
    asciiAfter = false;
    prevLower = false;
    prevNonAsciiLower = false;
    switches = 0;
    lastLetterAscii = null;
  };

  for (let i = 0; i < text.length; i++) {
    const cp = text.codePointAt(i)!;
    if (cp < 0x80) {
      const isLetter = (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
      if (isLetter) {
        if (pendingInWord) shared -= 1;
        // "żDónde" is "¿Dónde" read as ISO-8859-2: a capital right after a non-ASCII small letter.
        if (prevNonAsciiLower && cp <= 0x5a) shared -= 0.5;
        wordHasAscii = true;
        asciiAfter = wordLength > 0;
        if (lastLetterAscii === false) switches++;
        lastLetterAscii = true;
        prevLower = cp >= 0x61;
        prevNonAsciiLower = false;
      } else if (cp !== 0x27) {
        endWord();
      }
      pendingInWord = false;
      prevLetter = isLetter;
      continue;
    }
    if (cp > 0xffff) i++; // the low half of the pair
    const bytes = bytesOf(cp, candidate);
    total += bytes;
    const info = charInfo(cp);
    const kind = info.kind;
    if (kind === 'letter') {
      if (pendingInWord) shared -= 1;
      wordInfos[wordLength] = info;
      wordWeird[wordLength] = info.upper && prevLower;
      wordBytes[wordLength++] = bytes;
      if (lastLetterAscii === true) switches++;
      lastLetterAscii = false;
      prevLower = info.small;
      prevNonAsciiLower = prevLower;
      asciiAfter = false;
      prevLetter = true;
      pendingInWord = false;
      continue;
    }
    endWord();
    if (kind === 'bad') shared -= 2 * bytes;
    else if (kind === 'private') shared -= bytes;
    else if (kind === 'cjk-punct') shared += 0.6 * bytes;
    else if (kind === 'punct') shared += 0.3 * bytes;
    else if (kind === 'symbol') shared -= 0.5 * bytes;
    pendingInWord = prevLetter && (kind === 'symbol' || (kind === 'punct' && !info.inWordOk));
    prevLetter = false;
  }
  endWord();
  if (total === 0) return 0;
  let best = -Infinity;
  for (const sum of modelSums) best = Math.max(best, sum);
  return (shared + (models.length > 0 ? best : 0)) / total;
}

/**
 * The lines of `bytes` that contain a byte ≥ 0x80, at most about 8 KB (plenty of text to tell code pages
 * apart, and half the time of 16 KB). A line ends at LF or CR: old Mac files end lines with CR alone,
 * and read as one line their first 8 KB may be all ASCII.
 */
export function legacySample(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.min(bytes.length, SAMPLE_LIMIT));
  let length = 0;
  let lineStart = 0;
  let high = false;
  for (let i = 0; i <= bytes.length && length < out.length; i++) {
    const byte = i < bytes.length ? bytes[i]! : 0x0a;
    if (byte >= 0x80) high = true;
    if (byte !== 0x0a && byte !== 0x0d) continue;
    if (high) {
      const line = bytes.subarray(lineStart, Math.min(i + 1, lineStart + out.length - length));
      out.set(line, length);
      length += line.length;
    }
    lineStart = i + 1;
    high = false;
  }
  return out.subarray(0, length);
}

export interface LegacyGuess {
  encoding: string;
  confidence: 'likely' | 'guess';
  /** Every candidate's score, best first: for tests and for a "why this encoding" tooltip. */
  ranking: { encoding: string; score: number }[];
}

/**
 * Runs the scoring above over every candidate, `language` (the track's, a code such as 'he') as a
 * prior. `bytes` must contain at least one byte ≥ 0x80.
 */
export function guessLegacyEncoding(bytes: Uint8Array, language?: string): LegacyGuess {
  const sample = legacySample(bytes);
  const preferred = codePagesOf(language);
  const scored = CANDIDATES.map((candidate, index) => {
    const decoded = decodeText(sample, candidate.encoding);
    const text = candidate.composes ? decoded.normalize('NFC') : decoded;
    // A tiny prior by list order settles exact ties (the same text under two code pages).
    const prior = preferred.includes(candidate.encoding) ? LANGUAGE_PRIOR : 0;
    return { encoding: candidate.encoding, text, score: scoreText(text, candidate) + prior - index * 0.001 };
  }).sort((a, b) => b.score - a.score);
  const best = scored[0]!;
  const rival = scored.find((entry) => entry.text !== best.text);
  let highBytes = 0;
  for (const byte of sample) if (byte >= 0x80) highBytes++;
  // Few non-ASCII bytes or a close rival: say so, so the UI can offer to pick another encoding.
  const clear = best.score >= 0.6 && (!rival || best.score - rival.score >= 0.15) && highBytes >= 8;
  return {
    encoding: best.encoding,
    confidence: clear ? 'likely' : 'guess',
    ranking: scored.map(({ encoding, score }) => ({ encoding, score })),
  };
}
