import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ENGINE } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

// A serving SQLite node checkpoints in a thread that does not keep the process alive. A script whose
// last step is `await app.close()` (the pipeline bench) must still see close() resolve: once the thread
// was the only thing left, Node exited with 13 (an unsettled top-level await) and the script never ended.
describe.runIf(ENGINE === 'sqlite')('the WAL checkpoint thread', () => {
  it("lets a script's last `await app.close()` resolve", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vp-checkpointer-'));
    try {
      const script = `
        import { buildApp } from ${JSON.stringify(path.join(ROOT, 'server/src/app.ts'))};
        const app = await buildApp({ dataDir: ${JSON.stringify(dataDir)}, demo: false });
        await app.ready();
        await app.close();
        console.log('closed');`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
        timeout: 60_000,
      });
      expect(stdout.trim()).toBe('closed');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
