// Running the reference server from its sources: the one way the end-to-end suite and the bench start
// it and call its CLI. (The server tests build it in-process with buildApp, to reach its internals.)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverCommand } from './server-bundle.mjs';

export const ROOT = join(import.meta.dirname, '../..');

/** Node's arguments that run the server (`main`) or its CLI (`cli`) from its current sources (server-bundle.mjs). */
export const serverArgs = (entry, args = []) => [...serverCommand(entry), ...args];

/** Starts the server on 127.0.0.1:`port` over `dataDir`, seeded with the demo data when `demo` (a new database only). */
export function spawnServer({ port, dataDir, demo, env = {}, stdio = 'inherit' }) {
  return spawn(process.execPath, serverArgs('main'), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), VP_DATA_DIR: dataDir, VP_DEMO: demo ? '1' : '0', ...env },
    stdio,
  });
}

/** The seeding process of this test worker (see seed-service.ts), started on first use. */
let seedService = null;
let nextRequest = 0;
const pending = new Map();

/** Runs a server CLI command (`seed --account NAME --password P --files N`, `user add …`) in this worker's long-lived seeding process over `dataDir`; throws when it fails. */
export function runServerCli(args, { dataDir }) {
  if (!seedService) {
    seedService = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/seed-service.ts')], {
      cwd: ROOT,
      env: { ...process.env, VP_DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    seedService.on('message', ({ id, ok, message }) => {
      const request = pending.get(id);
      pending.delete(id);
      if (ok) request.resolve();
      else request.reject(new Error(`server CLI ${request.args.join(' ')}: ${message}`));
    });
    seedService.on('exit', (code) => {
      for (const request of pending.values()) request.reject(new Error(`the seeding process ended (${code})`));
      pending.clear();
      seedService = null;
    });
    seedService.unref();
    seedService.channel?.unref();
  }
  const id = ++nextRequest;
  return new Promise((resolve, reject) => {
    pending.set(id, { args, resolve, reject });
    seedService.send({ id, args });
  });
}
