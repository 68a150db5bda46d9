import slugify from '@sindresorhus/slugify';

/** Slugs of single words, remembered: a seed of a million titles reuses a few thousand words. */
const wordSlugs = new Map<string, string>();
const MAX_REMEMBERED = 20_000;

function wordSlug(word: string): string {
  let slug = wordSlugs.get(word);
  if (slug === undefined) {
    slug = slugify(word);
    if (wordSlugs.size >= MAX_REMEMBERED) wordSlugs.clear();
    wordSlugs.set(word, slug);
  }
  return slug;
}

/**
 * The slug words of a title, transliterated to ASCII by @sindresorhus/slugify so that they keep their
 * meaning ("Søren's Astronomy Lecture #1" → `sorens-astronomy-lecture-1`), at most `maxWords` words and
 * 100 characters (the API's slug limit); `video` when nothing is left (a title of only symbols or of a
 * script slugify cannot spell). Word by word, so that the words' slugs can be remembered.
 */
export function slugFromTitle(title: string, maxWords = 12): string {
  const words = title
    .split(/\s+/)
    .flatMap((word) => (word ? wordSlug(word).split('-') : []))
    .filter(Boolean)
    .slice(0, maxWords);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > 100) break;
    slug = next;
  }
  return slug || 'video';
}
