// `media move` of 1,000 files from a folder to the bucket (see storage-measure.ts), through the CLI as an
// operator runs it: once whole (files/s and MB/s), then into another bucket killed part-way and run
// again, counting at the bucket every object written (nothing may be written twice, nothing missed).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AccountsRepository } from '../../server/src/db/accounts-repository';
import { openDatabase } from '../../server/src/db/open';
import { seedFiles } from '../../server/src/db/seed';
import { ROOT } from '../../test/support/server.mjs';
import type { S3Process } from './s3-process';

const FILES = 1000;
/** What each file's own folder holds: a small rendition, as the pipeline would write it. */
const OBJECTS: Array<[name: string, bytes: number]> = [
  ['master.m3u8', 0], // its text below
  ['seg-0.ts', 64 * 1024],
  ['thumb.jpg', 16 * 1024],
];
const PLAYLIST = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg-0.ts\n#EXT-X-ENDLIST\n';
/** Where the second move is killed: after this many folders reported copied. */
const KILL_AFTER = 400;

/**
 * 1,000 files in a new data folder: their rows in its SQLite database (the move copies only the media of
 * files that exist) and their folders `files/<id>-<token>/` in its media folder; their bytes.
 */
async function seed(dataDir: string): Promise<number> {
  const db = await openDatabase({ dataDir, list: { readWorkers: 0 } });
  const { firstId, lastId } = await seedFiles(
    db,
    await new AccountsRepository(db).upsert('mover', 'never signs in', Date.now()),
    FILES,
    Date.now(),
  );
  await db.close();
  const mediaDir = path.join(dataDir, 'media');
  let bytes = 0;
  for (let id = firstId; id <= lastId; id++) {
    const folder = path.join(mediaDir, 'files', `${id}-${crypto.randomBytes(6).toString('hex')}`);
    fs.mkdirSync(folder, { recursive: true });
    for (const [name, size] of OBJECTS) {
      const body = size ? crypto.randomBytes(size) : Buffer.from(PLAYLIST);
      fs.writeFileSync(path.join(folder, name), body);
      bytes += body.length;
    }
  }
  return bytes;
}

interface Totals {
  files: number;
  copied: number;
  megabytes: number;
  seconds: number;
  skipped: number;
  failed: number;
}

/** describeTotals' line (media-move.ts) read back. */
function totalsOf(output: string): Totals {
  const m =
    /Moved (\d+) file\(s\) in \d+ folder\(s\): (\d+) object\(s\), ([\d.]+) MB in ([\d.]+) s \([\d.]+ MB\/s\); (\d+) already there; (\d+) failed/.exec(
      output,
    );
  if (!m) throw new Error(`media move printed no totals:\n${output.slice(-1500)}`);
  const [files, copied, megabytes, seconds, skipped, failed] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return { files, copied, megabytes, seconds, skipped, failed };
}

/** `npm run server -- media move --to s3://bucket/vp` over `dataDir`; killed once `killAfter` folders are reported copied. */
function mediaMove(dataDir: string, env: Record<string, string>, bucket: string, killAfter = Infinity) {
  return new Promise<{ output: string; copiedLines: number; killed: boolean; ms: number }>((resolve, reject) => {
    const started = performance.now();
    // One process (tsx as a loader, not its launcher, which would run the CLI in a child the kill would miss).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/src/cli.ts'), 'media', 'move', '--to', `s3://${bucket}/vp`],
      {
        cwd: ROOT,
        env: { ...process.env, ...env, VP_DATA_DIR: dataDir, DATABASE_URL: '', VP_MEDIA_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    let copiedLines = 0;
    let killed = false;
    child.stdout.on('data', (data: Buffer) => {
      output += data;
      copiedLines = output.split('\n').filter((line) => line.startsWith('copied')).length;
      if (copiedLines >= killAfter && !killed) killed = child.kill('SIGKILL');
    });
    child.stderr.on('data', (data: Buffer) => (output += data));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20 * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 || killed) resolve({ output, copiedLines, killed, ms: performance.now() - started });
      else reject(new Error(`media move failed (exit ${code}):\n${output.slice(-1500)}`));
    });
  });
}

export async function measureMediaMove(s3: S3Process, dir: string): Promise<Array<Record<string, string>>> {
  const dataDir = path.join(dir, 'move');
  const bytes = await seed(dataDir);
  const objects = FILES * OBJECTS.length;
  const { VP_MEDIA_URL: _none, ...env } = s3.environment('unused');
  const holds = `each file: a ${PLAYLIST.length} B playlist, a 64 KB segment, a 16 KB image; ${objects} objects, ${(bytes / 1e6).toFixed(1)} MB`;

  const whole = await mediaMove(dataDir, env, await s3.bucket('bench-move-whole'));
  const moved = totalsOf(whole.output);
  if (moved.copied !== objects || moved.failed) throw new Error(`the whole move copied ${moved.copied} of ${objects} objects`);

  const bucket = await s3.bucket('bench-move-killed');
  const first = await mediaMove(dataDir, env, bucket, KILL_AFTER);
  if (!first.killed) throw new Error('the move to kill ended before it was killed');
  const before = await s3.written();
  const resumed = await mediaMove(dataDir, env, bucket);
  const totals = totalsOf(resumed.output);
  const ours = [...(await s3.written())].filter(([key]) => key.startsWith(`/${bucket}/vp/files/`));
  const twice = ours.filter(([, times]) => times > 1).length;
  const copiedBeforeKill = ours.filter(([key]) => before.has(key)).length;
  const complete = ours.length === objects && totals.failed === 0 && totals.files === FILES;
  return [
    {
      name: `media move of ${FILES.toLocaleString('en')} files, folder → object store (${holds})`,
      figure: `${(FILES / moved.seconds).toFixed(0)} files/s, ${(moved.megabytes / moved.seconds).toFixed(1)} MB/s`,
      budget: 'measured (no budget)',
      status: '–',
      note: `the move ${moved.seconds.toFixed(1)} s; the whole command ${(whole.ms / 1000).toFixed(1)} s (with its start and the target's media check)`,
    },
    {
      name: `the same move killed (SIGKILL) after ${first.copiedLines} files reported, then run again`,
      figure: `${twice} object(s) written twice; ${copiedBeforeKill} before the kill, ${totals.copied} after (${totals.skipped} found there)`,
      budget: `nothing written twice; all ${objects} objects there`,
      status: twice === 0 && complete ? 'PASS' : 'FAIL',
      note: `objects counted as the bucket answered each PUT; ${ours.length} distinct objects written, ${totals.files} files reported moved by the second run`,
    },
  ];
}
