/**
 * The rules of a file's title, the same in the kit's form and on the server: what counts as empty, which
 * characters are refused and how long it may be. Pure functions, no imports.
 */

/** The longest title, in characters as people count them (code points: an emoji is one, not two). */
export const TITLE_MAX_CHARACTERS = 255;

export const TITLE_REQUIRED = 'File title is required';
export const TITLE_CONTROL_CHARACTERS = 'File title must not contain control characters';
export const TITLE_BIDI_OVERRIDES = 'File title must not contain bidirectional override characters';
export const titleTooLong = (characters: number): string =>
  `File title must be at most ${TITLE_MAX_CHARACTERS} characters (this one has ${characters})`;

/**
 * Whitespace and invisible characters (zero-width spaces, the Hangul filler, byte-order marks, bidi
 * marks and controls: Unicode's default-ignorable code points), except variation selectors and tags,
 * which end emoji ("❤️", subdivision flags) and belong to the character before them.
 */
const INVISIBLE = String.raw`(?:(?![\uFE00-\uFE0F\u{E0020}-\u{E007F}\u{E0100}-\u{E01EF}])[\p{White_Space}\p{Default_Ignorable_Code_Point}])+`;
// eslint-disable-next-line no-misleading-character-class -- the variation selectors are listed alone, on purpose (kept)
const INVISIBLE_EDGES = new RegExp(`^${INVISIBLE}|${INVISIBLE}$`, 'gu');

/** Embeddings, overrides and isolates: they reorder what follows ("Invoice \u202Egpj.exe" shows as "Invoice exe.jpg"). */
const BIDI_OVERRIDES = /[\u202A-\u202E\u2066-\u2069]/u;
/** C0, DEL and C1 controls (NUL included): refused alike on both engines. */
const CONTROLS = /\p{Cc}/u;

/** The title without whitespace and invisible characters at either end: what is stored, and what must not be empty. */
export const trimTitle = (title: string): string => title.replace(INVISIBLE_EDGES, '');

/** The title to store, or the message saying why it cannot be. */
export function checkTitle(raw: string): { title: string } | { error: string } {
  const title = trimTitle(raw);
  if (!title) return { error: TITLE_REQUIRED };
  if (CONTROLS.test(title)) return { error: TITLE_CONTROL_CHARACTERS };
  if (BIDI_OVERRIDES.test(title)) return { error: TITLE_BIDI_OVERRIDES };
  const characters = [...title].length;
  if (characters > TITLE_MAX_CHARACTERS) return { error: titleTooLong(characters) };
  return { title };
}
