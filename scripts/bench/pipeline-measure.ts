// Measures the video pipeline (see scripts/bench/pipeline.mjs): a 10 s 720p clip from upload to
// Completed through a real server and its worker (SQLite), the time of each stage, and the
// transcode's real-time factor next to plain ffmpeg's on the same clip. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { hashPassword } from '../../server/src/lib/passwords';
import { ffmpegPath, probe, runTool } from '../../server/src/media/ffmpeg';
import { ladderFor, makeTestClip, transcodeHls } from '../../server/src/media/renditions';
import { fileStatusLabel } from '../../src/contract/file-status';
import { signInByApi } from '../../test/support/sign-in.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-bench-pipeline-'));
const rows: Array<Record<string, string>> = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
try {
  const clip = path.join(dir, 'clip-720p.mp4');
  await makeTestClip(clip, { seconds: 10, width: 1280, height: 720 });
  const info = await probe(clip, 'mov'); // makeTestClip writes MP4

  // Plain ffmpeg on the same clip: one 720p H.264/AAC encode with the same preset and CRF.
  let t = performance.now();
  await runTool(ffmpegPath(), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    clip,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-c:a',
    'aac',
    path.join(dir, 'plain.mp4'),
  ]);
  const plainMs = performance.now() - t;
  t = performance.now();
  await transcodeHls(clip, info, path.join(dir, 'ladder'), { spriteFile: path.join(dir, 'sprite.jpg') });
  const ladderMs = performance.now() - t;

  const app = await buildApp({ dataDir: path.join(dir, 'data'), demo: false, worker: { name: 'bench-worker', pollMs: 20 } });
  const changes: Array<{ status: number; at: number }> = [];
  const set = app.fileStatus.set.bind(app.fileStatus);
  app.fileStatus.set = async (fileId, status, fields) => {
    const ended = await set(fileId, status, fields);
    if (status !== null) changes.push({ status, at: performance.now() });
    return ended;
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  await app.accounts.upsert('bench', await hashPassword('bench-password'), Date.now());
  const key = await signInByApi(base, 'bench', 'bench-password');

  const form = new FormData();
  form.append('file_title', 'Bench clip 720p');
  form.append('video_file', new Blob([new Uint8Array(fs.readFileSync(clip))]), 'clip.mp4');
  const start = performance.now();
  const added = await (await fetch(`${base}/api/files`, { method: 'POST', headers: { 'x-apikey': key }, body: form })).json();
  const uploaded = performance.now();
  const fileId = added.data.file.file_id;
  for (;;) {
    const row = await app.db.get<{ file_status: number }>('SELECT file_status FROM files WHERE file_id = ?', [fileId]);
    if (row && [4, 7, 10].includes(row.file_status)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const done = performance.now();
  await app.close();

  rows.push({
    name: `10 s ${info.width}×${info.height} clip: upload → Completed (SQLite, one worker in the server)`,
    figure: seconds(done - start),
  });
  rows.push({ name: '  upload request (multipart, 200 with the Pending file)', figure: seconds(uploaded - start) });
  // From the start: a worker may claim the file before the upload's reply has arrived.
  let previous = start;
  let previousName = 'upload and Pending (until a worker claims it)';
  for (const change of changes) {
    rows.push({ name: `  ${previousName}`, figure: seconds(change.at - previous) });
    previous = change.at;
    previousName = fileStatusLabel(change.status);
  }
  rows.push({
    name: `transcode real-time factor: our HLS ladder (${ladderFor(info.height).join('/')}p and the storyboard, one ffmpeg run, one decode) vs plain ffmpeg (one 720p encode, same preset)`,
    figure: `${(info.duration / (ladderMs / 1000)).toFixed(2)}× vs ${(info.duration / (plainMs / 1000)).toFixed(2)}×`,
  });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows, notes: ['Each stage row is the time from the status named to the next one.'] }));
