import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { BuildOptions } from 'esbuild';

/** esbuild's options for one entry of the server as one file: a module for this Node, its packages left to node_modules. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${process.versions.node}`,
  packages: 'external',
  write: false,
  logLevel: 'silent',
} satisfies BuildOptions;

/**
 * Writes a bundle's `code` into `dir` as `STEM-<content hash>.mjs`, unless it is there already, and returns
 * its path: every process of the same sources shares it. Written aside, then renamed: a process starting
 * the same bundle meanwhile sees all of it or none. Throws where `dir` cannot be written.
 */
export function writeBundleFile(dir: string, stem: string, code: string): string {
  const file = path.join(dir, `${stem}-${shortHash(code)}.mjs`);
  if (!existsSync(file)) writeWhole(file, code);
  return file;
}

/** The first 16 hex digits of `text`'s SHA-256. */
export const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Writes `text` aside, then renames it to `file`: another process reading `file` meanwhile sees all of it or none. */
export function writeWhole(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${threadId}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}
