// `npm run bench -- subtitles`: the shared subtitle module against jschardet, chardet, iconv-lite, subsrt-ts and ass-compiler on
// the generated corpus (accuracy, gzip size, 5 MB speed in Node and Chromium), the server's conversion
// in its worker pool, then a light request's fairness beside 5 MB uploads (subtitles-fairness.mjs). The
// measuring runs in a child process under tsx because it imports the TypeScript sources.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { CHROMIUM, PLAYWRIGHT_CHROMIUM_ARGS, ROOT } from './common.mjs';
import { measureUploadFairness } from './subtitles-fairness.mjs';

export async function run() {
  const measured = await measureModule();
  return { ...measured, rows: [...measured.rows, ...(await measureUploadFairness())] };
}

function measureModule() {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'scripts/bench/subtitles-measure.ts'),
        JSON.stringify({ executablePath: CHROMIUM, args: PLAYWRIGHT_CHROMIUM_ARGS }),
      ],
      { cwd: ROOT, timeout: 300_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}
