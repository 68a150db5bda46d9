// The reference server's entries (`main`, `cli`) as one JavaScript file each, for the tests that start it
// or its CLI as a process. Through tsx each start cost about 1 s of CPU more (2.75 s against 1.75 s to a
// listening server), and a run starts about 70. Each source module keeps its own import.meta.url in the
// bundle, so that what it finds beside itself (the demo folder, the built kit, the worker threads'
// entries) it finds as from its source; the packages stay in node_modules.
import { execFileSync } from 'node:child_process';
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
      // esbuild's plugins (the import.meta.url rewrite) need its asynchronous API: built in a child process,
      // with the server's own bundle options and file naming (server/src/lib/bundle-file.ts).
      const args = ['--import', 'tsx', import.meta.filename, entry];
      bundle = execFileSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
    } catch {
      bundle = '';
    }
    commands.set(entry, bundle ? [bundle] : ['--import', 'tsx', source(entry)]);
  }
  return commands.get(entry);
}

/** Bundles `entry` into CACHE_DIR under a name from its content; resolves its path. */
async function writeBundle(entry) {
  const { build } = await import('esbuild');
  const { BUNDLE_OPTIONS, writeBundleFile } = await import('../../server/src/lib/bundle-file.ts');
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
  const { outputFiles } = await build({ ...BUNDLE_OPTIONS, entryPoints: [entryPath], plugins: [ownUrls] });
  return writeBundleFile(CACHE_DIR, entry, outputFiles[0].text);
}

if (process.argv[1] === import.meta.filename) {
  const entry = process.argv[2];
  if (entry !== 'main' && entry !== 'cli') throw new Error(`usage: server-bundle.mjs main|cli (not ${entry})`);
  process.stdout.write(`${await writeBundle(entry)}\n`);
}
