import fs from 'node:fs';
import path from 'node:path';
import { ffmpegPath, runTool } from '../src/media/ffmpeg';

/** A clip made by ffmpeg from its test pattern (`lavfi`) with the given output options, as bytes. */
export async function patternClip(dir: string, name: string, source: string, output: string[] = []): Promise<Buffer> {
  const file = path.join(dir, name);
  await runTool(ffmpegPath(), [
    ...['-hide_banner', '-nostdin', '-y', '-f', 'lavfi', '-i', source],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...output, file],
  ]);
  return fs.readFileSync(file);
}

/** The ids of live processes whose command line contains `marker` (a job's work folder names its source). */
export function processesNaming(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const state = /^State:\s+(\w)/m.exec(fs.readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (cmdline.includes(marker) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Waits until `check` holds (or the time is up), polling: timings on a busy machine vary. */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
