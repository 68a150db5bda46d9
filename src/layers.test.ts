import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layers of the kit, top to bottom; an import may only point down (or stay in its own folder):
 * elements → roots → panel → features (auth, files, file-editor, subtitles; never each other) →
 * shell and ui → api → config → contract; ui/ is presentational (it imports nothing of the app but
 * itself). The one exception: type-only imports of the element descriptions (src/elements), from
 * which the roots' props and the event types are derived; they are erased at build time.
 */
const RANK: Record<string, number> = { elements: 7, roots: 6, panel: 5, feature: 4, shell: 3, ui: 3, api: 2, config: 1, contract: 0 };
const FEATURES = new Set(['auth', 'files', 'file-editor', 'subtitles']);
const SRC = resolve(import.meta.dirname);

/** `src/app/files/x.ts` → { layer: 'feature', unit: 'files' }. */
function layerOf(file: string): { layer: string; unit: string } | null {
  const [top, sub] = relative(SRC, file).split(/[\\/]/);
  if (top === 'elements' || top === 'contract') return { layer: top, unit: top };
  if (top !== 'app' || !sub) return null;
  return FEATURES.has(sub) ? { layer: 'feature', unit: sub } : { layer: sub, unit: sub };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function wrongWayImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = layerOf(file);
    if (!from) continue;
    for (const [, typeOnly, target] of readFileSync(file, 'utf8').matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'(\.[^']+)'/gm)) {
      const to = layerOf(resolve(dirname(file), target!));
      if (!to || to.unit === from.unit) continue;
      if (typeOnly && to.layer === 'elements') continue;
      const up = RANK[to.layer]! > RANK[from.layer]!;
      const sideways = RANK[to.layer] === RANK[from.layer] && from.layer === 'feature';
      const uiNotPresentational = from.layer === 'ui' && to.layer !== 'contract' && !typeOnly;
      if (up || sideways || uiNotPresentational) found.push(`${relative(SRC, file)} → ${target}`);
    }
  }
  return found;
}

describe('layers', () => {
  it('every import points down the layers (no cycles between them, features never import each other, ui/ presentational)', () => {
    expect(wrongWayImports()).toEqual([]);
  });
});
