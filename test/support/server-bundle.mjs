// The reference server's entries (`main`, `cli`) as one JavaScript file each, for the tests that start it
// or its CLI as a process. Through tsx each start cost about 1 s of CPU more (2.75 s against 1.75 s to a
// listening server), and a run starts about 70. Each source module keeps its own import.meta.url in the
// bundle, so that what it finds beside itself (the demo folder, the built kit, the worker threads'
// entries) it finds as from its source; the packages stay in node_modules.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '../..');
// Inside the server's workspace, so that its own packages resolve (some are not hoisted).
const CACHE_DIR = join(ROOT, 'server/node_modules/.cache/vp-test-bundles');
const source = (entry) => join(ROOT, `server/src/${entry}.ts`);

/** Node's arguments that run the server's `entry` from its current sources: its bundle, else through tsx. */
const commands = new Map();
export function serverCommand(entry) {
  if (!commands.has(entry)) {
    let bundle;
    try {
      // esbuild's plugins (the import.meta.url rewrite) need its asynchronous API: built in a child process.
      const args = [import.meta.filename, entry];
      bundle = execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    } catch {
      bundle = '';
    }
    commands.set(entry, bundle ? [bundle] : ['--import', 'tsx', source(entry)]);
  }
  return commands.get(entry);
}

/** Bundles `entry` into CACHE_DIR under a name from its content (written aside, then renamed); resolves its path. */
async function writeBundle(entry) {
  const { build } = await import('esbuild');
  const entryPath = source(entry);
  const ownUrls = {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /[\\/]server[\\/]src[\\/].*\.ts$/ }, async ({ path }) => {
        const text = await readFile(path, 'utf8');
        // The entry keeps the bundle's own URL: the CLI compares it with the script node was given.
        const contents = path === entryPath ? text : text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href));
        return { contents, loader: 'ts' };
      });
    },
  };
  const { outputFiles } = await build({
    entryPoints: [entryPath],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins: [ownUrls],
  });
  const code = outputFiles[0].text;
  const file = join(CACHE_DIR, `${entry}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}

if (process.argv[1] === import.meta.filename) {
  const entry = process.argv[2];
  if (entry !== 'main' && entry !== 'cli') throw new Error(`usage: server-bundle.mjs main|cli (not ${entry})`);
  process.stdout.write(`${await writeBundle(entry)}\n`);
}
