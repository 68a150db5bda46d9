// Running the reference server from its sources: the one way the end-to-end suite and the bench start
// it and call its CLI. (The server tests build it in-process with buildApp, to reach its internals.)
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

/** Node's arguments that run the server (`main`) or its CLI (`cli`) from source through tsx. */
export const serverArgs = (entry, args = []) => [TSX, join(ROOT, `server/src/${entry}.ts`), ...args];

/** Starts the server on 127.0.0.1:`port` over `dataDir`, seeded with the demo data when `demo` (a new database only). */
export function spawnServer({ port, dataDir, demo, env = {}, stdio = 'inherit' }) {
  return spawn(process.execPath, serverArgs('main'), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), VP_DATA_DIR: dataDir, VP_DEMO: demo ? '1' : '0', ...env },
    stdio,
  });
}

/** Runs a CLI command (`seed --account NAME --password P --files N`, `user add …`) over `dataDir` to the end; throws when it fails. */
export function runServerCliSync(args, { dataDir, env = {} }) {
  execFileSync(process.execPath, serverArgs('cli', args), {
    cwd: ROOT,
    env: { ...process.env, VP_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
