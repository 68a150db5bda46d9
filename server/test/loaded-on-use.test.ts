import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const APP = new URL('../src/app.ts', import.meta.url).href;

it.runIf(!process.env.VP_TEST_DATABASE_URL)(
  'a server on a folder store starts and stops without loading the AWS SDK or zxcvbn (they load when first used)',
  async () => {
    // In a process of its own: the other test files of this worker load both.
    const script = `
      import { createRequire } from 'node:module';
      const { buildApp } = await import(${JSON.stringify(APP)});
      const app = await buildApp({ dataDir: process.argv[1], demo: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      await app.close();
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      process.stdout.write(JSON.stringify(loaded.filter((file) => /@aws-sdk|@tus[\\\\/]s3-store|@zxcvbn-ts/.test(file))));`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-loaded-on-use-'));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], {
        cwd: path.resolve(import.meta.dirname, '..'),
      });
      expect(JSON.parse(stdout)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  60_000,
);
