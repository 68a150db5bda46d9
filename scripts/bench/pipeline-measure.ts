// Measures the video pipeline (see scripts/bench/pipeline.mjs): a 10 s 720p clip from upload to
// Completed through a real server and its worker (SQLite), the time of each stage, and the
// transcode's real-time factor next to plain ffmpeg's on the same clip. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath, probe, runTool } from '../../server/src/media/ffmpeg';
import { ladderFor, makeTestClip, transcodeHls } from '../../server/src/media/renditions';
import { uploadToCompleted } from './upload-to-completed';

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

  const run = await uploadToCompleted(clip, path.join(dir, 'data'));
  rows.push({
    name: `10 s ${info.width}×${info.height} clip: upload → Completed (SQLite, one worker in the server)`,
    figure: seconds(run.totalMs),
  });
  rows.push({ name: '  upload request (multipart, 200 with the Pending file)', figure: seconds(run.uploadMs) });
  for (const stage of run.stages) rows.push({ name: `  ${stage.name}`, figure: seconds(stage.ms) });
  rows.push({
    name: `transcode real-time factor: our HLS ladder (${ladderFor(info.height).join('/')}p and the storyboard, one ffmpeg run, one decode) vs plain ffmpeg (one 720p encode, same preset)`,
    figure: `${(info.duration / (ladderMs / 1000)).toFixed(2)}× vs ${(info.duration / (plainMs / 1000)).toFixed(2)}×`,
  });
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows, notes: ['Each stage row is the time from the status named to the next one.'] }));
