// The newest modification time of any file under a folder: "is the build older than its sources?"
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
