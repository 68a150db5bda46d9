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
const kinds = new Map<string, Kind>();

function kindOf(ch: string): Kind {
  let kind = kinds.get(ch);
  if (kind) return kind;
  const cp = ch.codePointAt(0) ?? 0;
  if (cp === 0xfffd || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) kind = 'bad';
  else if (cp >= 0xe000 && cp <= 0xf8ff) kind = 'private';
  else if (/[\p{L}\p{M}]/u.test(ch)) kind = 'letter';
  else if (/\s/u.test(ch)) kind = cp === 0x3000 ? 'cjk-punct' : 'space';
  else if ((cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff00 && cp <= 0xff65)) kind = 'cjk-punct';
  else if (COMMON_PUNCT.has(ch)) kind = 'punct';
  else kind = 'symbol';
  kinds.set(ch, kind);
  return kind;
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

interface Letter {
  lower: string;
  script: Script;
  upper: boolean;
  weird: boolean;
  bytes: number;
}

function plausibility(letter: Letter, model: LanguageModel, last: boolean): number {
  if (letter.weird) return -0.5;
  const sets = setsOf(model);
  if (!last && sets.finalOnly.has(letter.lower)) return -0.5;
  let weight: number;
  if (sets.common.has(letter.lower)) weight = 1;
  else if (sets.letters.has(letter.lower)) weight = 0.7;
  else if (sets.rare.has(letter.lower)) weight = 0.3;
  else weight = model.scripts[letter.script] ?? -0.5;
  return letter.upper && weight > 0 ? weight * 0.9 : weight;
}

/** How many bytes a decoded character stood for: 1 in a single-byte code page, usually 2 otherwise. */
function bytesOf(cp: number, candidate: Candidate): number {
  if (!candidate.multiByte || cp === 0xfffd || (cp >= 0xff61 && cp <= 0xff9f) || cp === 0x20ac) return 1;
  return cp > 0xffff ? 4 : 2;
}

/** Scores decoded text for one candidate; higher is more plausible, about 1 for clean text. */
export function scoreText(text: string, candidate: Candidate): number {
  const models = candidate.models;
  const modelSums = new Float64Array(models.length);
  let shared = 0;
  let total = 0;
  let word: Letter[] = [];
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
    if (word.length > 0) {
      const families = new Set(word.map((l) => family(l.script)));
      const only = families.size === 1 ? [...families][0] : undefined;
      // ASCII next to CJK ("DVD版") is normal, CJK inside an ASCII word is not; ASCII next to Cyrillic inside one word is not.
      const mixed = families.size > 1 || (wordHasAscii && only !== 'latin' && (only !== 'cjk' || switches >= 2));
      const allDiacritics = !mixed && !wordHasAscii && only === 'latin' && word.length >= 3;
      word.forEach((letter, index) => {
        const last = index === word.length - 1 && !asciiAfter;
        if (mixed) shared -= 0.5 * letter.bytes;
        else if (allDiacritics) shared -= 0.3 * letter.bytes;
        else for (let m = 0; m < models.length; m++) modelSums[m]! += letter.bytes * plausibility(letter, models[m]!, last);
      });
    }
    word = [];
    wordHasAscii = false;
    asciiAfter = false;
    prevLower = false;
    prevNonAsciiLower = false;
    switches = 0;
    lastLetterAscii = null;
  };

  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) {
      const isLetter = (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
      if (isLetter) {
        if (pendingInWord) shared -= 1;
        // "żDónde" is "¿Dónde" read as ISO-8859-2: a capital right after a non-ASCII small letter.
        if (prevNonAsciiLower && cp <= 0x5a) shared -= 0.5;
        wordHasAscii = true;
        asciiAfter = word.length > 0;
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
    const bytes = bytesOf(cp, candidate);
    total += bytes;
    const kind = kindOf(ch);
    if (kind === 'letter') {
      if (pendingInWord) shared -= 1;
      const lower = ch.toLowerCase();
      const upper = lower !== ch;
      word.push({ lower, script: scriptOf(cp), upper, weird: upper && prevLower, bytes });
      if (lastLetterAscii === true) switches++;
      lastLetterAscii = false;
      prevLower = !upper && ch.toUpperCase() !== ch;
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
    pendingInWord = prevLetter && (kind === 'symbol' || (kind === 'punct' && !IN_WORD_OK.has(ch)));
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
