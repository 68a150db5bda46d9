import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { BUNDLE_OPTIONS, writeBundleFile } from './bundle-file';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Where bundles are written: inside the project, so that their packages resolve from its node_modules. */
export const WORKER_CACHE_DIR = path.join(ROOT, 'node_modules/.cache/vp-workers');
const BOOT = new URL('./worker-boot.mjs', import.meta.url);

/** The bundle of each entry this process has started, or null where it could not be written. */
const bundles = new Map<string, URL | null>();

/**
 * A worker thread running the TypeScript module `entry` with `workerData`.
 *
 * The server runs under tsx, whose loader a thread would start again: about 0.25 s of CPU a thread,
 * against 0.03 s for plain JavaScript, and a SQLite node may start seven (three list readers, the
 * writer, the checkpointer, two subtitle converters), as may each test server. So each entry is
 * bundled once a process with esbuild (its packages left to node_modules), into a file named by its
 * content that every process of the same sources shares. Where that folder cannot be written (a
 * read-only install), the thread boots through tsx (worker-boot.mjs), as before.
 */
export function startWorker(entry: URL, workerData: object = {}, cacheDir = WORKER_CACHE_DIR): Worker {
  const bundle = bundleOf(entry, cacheDir);
  return bundle
    ? new Worker(bundle, { workerData, execArgv: withoutTsx(process.execArgv) })
    : new Worker(BOOT, { workerData: { ...workerData, entry: entry.href } });
}

const LOADER_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);
const TSX = /(^|[\\/])tsx([\\/]|$)/;

/**
 * Node's options for a thread that runs a bundle: the process's, less tsx's loader. A thread takes
 * its process's options, and a bundle is plain JavaScript: loading tsx again cost each thread of a
 * node started through it (`npm start`) 0.1 s of CPU.
 */
export function withoutTsx(execArgv: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const [flag = '', inline] = arg.split(/=(.*)/s, 2);
    if (!LOADER_FLAGS.has(flag)) {
      kept.push(arg);
      continue;
    }
    const option = inline === undefined ? [arg, execArgv[++i] ?? ''] : [arg];
    if (!TSX.test(inline ?? option[1]!)) kept.push(...option);
  }
  return kept;
}

function bundleOf(entry: URL, cacheDir: string): URL | null {
  const key = `${cacheDir}\n${entry.href}`;
  if (!bundles.has(key)) bundles.set(key, writeBundle(entry, cacheDir));
  return bundles.get(key) ?? null;
}

function writeBundle(entry: URL, cacheDir: string): URL | null {
  const source = fileURLToPath(entry);
  const { outputFiles } = buildSync({ ...BUNDLE_OPTIONS, entryPoints: [source] });
  try {
    return pathToFileURL(writeBundleFile(cacheDir, path.basename(source, path.extname(source)), outputFiles[0]!.text));
  } catch {
    return null;
  }
}
