// Measures the media on an object store against the folder store (see scripts/bench/storage.mjs), side by
// side in one run, the bucket an s3rver on loopback in this process: a 10 s 720p clip from upload to
// Completed (p50 of several samples, each stage), a player's time to first byte through a node and the
// node's RSS while 50 players stream (storage-players.ts), `media move` of 1,000 files
// (storage-move.ts). Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FolderMediaStore } from '../../server/src/media/media-store';
import { makeTestClip } from '../../server/src/media/renditions';
import { S3MediaStore } from '../../server/src/media/s3-media-store';
import { percentile } from './common.mjs';
import { startS3Process } from './s3-process';
import { measureMediaMove } from './storage-move';
import { measurePlayers, type Node } from './storage-players';
import { uploadToCompleted, type UploadToCompleted } from './upload-to-completed';

const { samples = 3 } = JSON.parse(process.argv[2] ?? '{}') as { samples?: number };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-bench-storage-'));
const rows: Array<Record<string, string>> = [];
const notes: string[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const s3 = await startS3Process();
try {
  const clip = path.join(dir, 'clip-720p.mp4');
  await makeTestClip(clip, { seconds: 10, width: 1280, height: 720 });

  // Upload → Completed, the two stores taking turns (a load that varies weighs on both alike).
  const runs: { folder: UploadToCompleted[]; bucket: UploadToCompleted[] } = { folder: [], bucket: [] };
  const nodes: Record<'folder' | 'bucket', Node | null> = { folder: null, bucket: null };
  for (let i = 0; i < samples; i++) {
    const folderDir = path.join(dir, `folder-${i}`);
    const folderRun = await uploadToCompleted(clip, folderDir);
    runs.folder.push(folderRun);
    nodes.folder = {
      dataDir: folderDir,
      rendition: folderRun.rendition!,
      store: new FolderMediaStore(path.join(folderDir, 'media')),
      env: {},
    };
    const bucket = await s3.bucket(`bench-upload-${i}`);
    const bucketDir = path.join(dir, `bucket-${i}`);
    const bucketRun = await uploadToCompleted(clip, bucketDir, s3.settings(bucket, 'vp/'));
    runs.bucket.push(bucketRun);
    nodes.bucket = {
      dataDir: bucketDir,
      rendition: bucketRun.rendition!,
      store: new S3MediaStore(s3.settings(bucket, 'vp/')),
      env: s3.environment(bucket, 'vp'),
    };
  }
  const failed = [...runs.folder, ...runs.bucket].filter((r) => r.ended !== 'Completed');
  if (failed.length) throw new Error(`${failed.length} upload(s) ended ${failed.map((r) => r.ended).join(', ')}, not Completed`);
  const p50 = (values: number[]) => percentile(values, 50);
  const folderMs = p50(runs.folder.map((r) => r.totalMs));
  const bucketMs = p50(runs.bucket.map((r) => r.totalMs));
  const each = (list: UploadToCompleted[]) => list.map((r) => seconds(r.totalMs)).join(', ');
  rows.push({
    name: `10 s 1280×720 clip: upload → Completed, folder store (p50 of ${samples}; SQLite, one worker in the server)`,
    figure: seconds(folderMs),
    budget: 'the anchor',
    status: '–',
    note: `samples ${each(runs.folder)}`,
  });
  rows.push({
    name: `10 s 1280×720 clip: upload → Completed, object store (s3rver on loopback; p50 of ${samples})`,
    figure: `${seconds(bucketMs)} (${(bucketMs / folderMs).toFixed(2)}×)`,
    budget: `≤ 1.3× the folder store (${seconds(1.3 * folderMs)})`,
    status: bucketMs <= 1.3 * folderMs ? 'PASS' : 'FAIL',
    note: `samples ${each(runs.bucket)}`,
  });
  const stageRows = (name: string, pick: (r: UploadToCompleted) => number | undefined) => {
    const of = (list: UploadToCompleted[]) => p50(list.map(pick).filter((ms): ms is number => ms !== undefined));
    rows.push({ name: `  ${name}`, figure: `folder ${seconds(of(runs.folder))} · bucket ${seconds(of(runs.bucket))}` });
  };
  stageRows('upload request (multipart, 200 with the Pending file)', (r) => r.uploadMs);
  for (const stage of runs.folder[0]!.stages.map((s) => s.name)) stageRows(stage, (r) => r.stages.find((s) => s.name === stage)?.ms);

  rows.push(...(await measurePlayers(nodes.folder!, nodes.bucket!, dir)));
  rows.push(...(await measureMediaMove(s3, dir)));
  notes.push(
    'Each stage row is the p50 of the time from the status named to the next one (the upload row: the request alone; a worker may claim the file before its reply).',
    'Through a node on the bucket, each segment costs one more request, the node’s GetObject to the store (signed, then read by s3rver from its folder); the row “read straight from the bucket” is that request alone, without the node: the part of the time to first byte that the store and the SDK take.',
    'The object store is s3rver 3.7 in a process of its own, on loopback: every byte still crosses HTTP and the SDK, so the figures hold the store’s protocol cost, not a network’s.',
  );
} finally {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows, notes }));
