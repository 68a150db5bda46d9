import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A `<script>` with no attributes: inline code, not a module or a file. */
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the pages in `folder`: the demo pages are the
 * server's own, as trusted as the files it serves under script-src 'self', and a page that must act
 * before its first paint (index.html: no sign-in form for a signed-in operator) can only do it inline.
 */
export function inlineScriptHashes(folder: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder).filter((name) => name.endsWith('.html'));
  } catch {
    return [];
  }
  const hashes = names.flatMap((name) =>
    [...fs.readFileSync(path.join(folder, name), 'utf8').matchAll(INLINE_SCRIPT)].map(
      ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
    ),
  );
  return [...new Set(hashes)];
}
