import unhomoglyph from 'unhomoglyph';

/**
 * A username's confusables skeleton (Unicode TR39, section 4): NFD, each character mapped to the one it
 * is confused with (Unicode's confusables.txt, as the unhomoglyph package ships it), NFD again; with
 * NFKC first (fullwidth and compatibility letters) and case folded before and after the mapping, as
 * usernames compare without regard to case. Two usernames with one skeleton look alike: "demo" and
 * "dеmo" (a Cyrillic е), "DEMO", "dem0" or "derno". Only compared, never shown.
 */
export function usernameSkeleton(username: string): string {
  const folded = username.normalize('NFKC').toLowerCase().normalize('NFD');
  return unhomoglyph(folded).normalize('NFD').toLowerCase();
}
