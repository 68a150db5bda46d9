import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUNDLES = [path.join(ROOT, 'dist/kit/vp-admin-kit.js'), path.join(ROOT, 'dist/player/player.js')];

/** Newest modification time under a folder (scripts/start.mjs rebuilds the kit when it is older). */
function newest(dir: string): number {
  return Math.max(
    0,
    ...fs
      .readdirSync(dir, { withFileTypes: true })
      .map((e) => (e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs)),
  );
}
// `npm start` would first build the kit (a minute or more): the test runs when the build is current.
const sources = newest(path.join(ROOT, 'src'));
const buildMissing = BUNDLES.some((bundle) => !fs.existsSync(bundle) || fs.statSync(bundle).mtimeMs < sources);
if (buildMissing && ENGINE === 'sqlite') console.warn('Skipped: stopping npm start (the kit is not built: run npm run build)');

/** Every process below `pid`, depth first. */
function descendants(pid: number): number[] {
  const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0 && child !== pid);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// As a service manager stops it: the signal goes to the top process only, `npm start` itself.
describe.runIf(ENGINE === 'sqlite' && !buildMissing)('stopping npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm start closes the server and every process under it',
    { timeout: 90_000 },
    async (signal) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-stop-'));
      const npm = spawn('npm', ['start', '--silent'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '0', VP_DATA_DIR: dataDir, VP_DEMO: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
      let tree: number[] = [];
      try {
        await expect.poll(() => /listening on (http:\S+)/.exec(output)?.[1], { timeout: 60_000, interval: 200 }).toBeTruthy();
        const base = /listening on (http:\S+)/.exec(output)![1]!;
        expect((await fetch(`${base}/api/config`)).status).toBe(401);
        tree = descendants(npm.pid!);
        expect(tree.length).toBeGreaterThanOrEqual(2); // start.mjs, the server
        npm.kill(signal);
        expect(await exited).toBe(0);
        expect(output).toContain(`${signal} received, closing…`);
        await expect.poll(() => tree.filter(alive), { timeout: 5_000, interval: 100 }).toEqual([]);
        await expect(fetch(`${base}/api/config`)).rejects.toThrow();
      } finally {
        for (const pid of [npm.pid!, ...tree].filter(alive)) process.kill(pid, 'SIGKILL'); // what this test started, if it failed
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
