// `npm run bench -- pipeline`: a 10 s 720p clip from upload to Completed with the time per stage, and the
// transcode's real-time factor next to plain ffmpeg's (scripts/bench/pipeline-measure.ts, under tsx).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './common.mjs';

export function run() {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/bench/pipeline-measure.ts')],
      { cwd: ROOT, timeout: 600_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr.slice(-2000)}`));
        else resolve(JSON.parse(stdout.trim().split('\n').pop()));
      },
    );
  });
}
