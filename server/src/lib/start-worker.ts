import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import { BUNDLE_OPTIONS, shortHash, writeBundleFile, writeWhole } from './bundle-file';

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

/** What a bundle was made from: each source file's modification time and size. */
interface BundleInputs {
  bundle: string;
  inputs: Record<string, string>;
}

const statOf = (file: string): fs.Stats | undefined => fs.statSync(file, { throwIfNoEntry: false });
const signature = (stat: fs.Stats | undefined): string => (stat ? `${stat.mtimeMs}:${stat.size}` : 'missing');

/**
 * The bundle of `entry`, made by esbuild unless the bundle made last (by any process) was made from
 * sources that have not changed since: loading esbuild and bundling cost a starting process ~0.2 s of
 * CPU, and the sources change far less often than a server or CLI command starts.
 */
function writeBundle(entry: URL, cacheDir: string): URL | null {
  const source = fileURLToPath(entry);
  const stem = path.basename(source, path.extname(source));
  const inputsFile = path.join(cacheDir, `${stem}-${shortHash(`${source}\n${BUNDLE_OPTIONS.target}`)}.inputs.json`);
  const made = lastBundle(inputsFile);
  if (made) return pathToFileURL(made);
  const { buildSync } = createRequire(import.meta.url)('esbuild') as typeof Esbuild;
  const startedAt = Date.now();
  const { outputFiles, metafile } = buildSync({ ...BUNDLE_OPTIONS, entryPoints: [source], metafile: true });
  try {
    const bundle = writeBundleFile(cacheDir, stem, outputFiles[0]!.text);
    const sources = Object.keys(metafile.inputs)
      .map((file) => path.resolve(file))
      .map((file) => [file, statOf(file)] as const);
    // A source saved while esbuild read it, or just before (some file systems keep times to the second
    // or two), may be in the bundle as it was: then nothing is recorded, and the next start bundles again.
    const settled = sources.every(([, stat]) => (stat?.mtimeMs ?? Infinity) < startedAt - 2000);
    const made: BundleInputs = { bundle, inputs: Object.fromEntries(sources.map(([file, stat]) => [file, signature(stat)])) };
    if (settled) writeWhole(inputsFile, JSON.stringify(made));
    return pathToFileURL(bundle);
  } catch {
    return null;
  }
}

/** The bundle `inputsFile` names, if it is there and none of its sources changed since it was made. */
function lastBundle(inputsFile: string): string | null {
  let made: BundleInputs;
  try {
    made = JSON.parse(fs.readFileSync(inputsFile, 'utf8')) as BundleInputs;
  } catch {
    return null;
  }
  if (!fs.existsSync(made.bundle)) return null;
  for (const [file, signed] of Object.entries(made.inputs)) if (signature(statOf(file)) !== signed) return null;
  return made.bundle;
}
