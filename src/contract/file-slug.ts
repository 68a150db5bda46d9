/**
 * The rule of a file's slug (its player URL, /player/{slug}), the same in the kit's forms and on the
 * server: 1 to 100 ASCII letters, digits, '-' or '_'. Pure, no imports.
 */

/** The rule as a JSON-schema pattern (the server's body schema). */
export const SLUG_PATTERN = '^[A-Za-z0-9_-]{1,100}$';

/** The server's message for any other slug. */
export const SLUG_INVALID = 'file_slug must be 1 to 100 letters, digits, "-" or "_"';

const SLUG = new RegExp(SLUG_PATTERN);

export const isSlug = (slug: string): boolean => SLUG.test(slug);
