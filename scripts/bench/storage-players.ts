// Players fetching a Completed file's media through a node (see storage-measure.ts), a node on the folder
// store beside a node on the bucket, each its own server process: the time to the first byte of a
// segment, taken in turns on the two nodes, then the node's RSS (before, during, after) while 50 players
// stream every segment of the file and an 8 MB object of its folder at once.
import fs from 'node:fs';
import path from 'node:path';
import type { MediaStore } from '../../server/src/media/media-store';
import type { S3MediaStore } from '../../server/src/media/s3-media-store';
import { fmtMs, percentile, rssMiB, startServer } from './common.mjs';

/** A node to start over a data folder that holds a Completed file: its master playlist, its store, its environment. */
export interface Node {
  dataDir: string;
  rendition: string;
  store: MediaStore;
  env: Record<string, string>;
}

const TTFB_SAMPLES = 150;
const PLAYERS = 50;
/** The large object each player reads: were a node to hold objects whole, 50 of them would show. */
const LARGE_BYTES = 8 * 1024 * 1024;
/** RSS growth under 50 players that is still flat: under a sixth of their 50 large objects held whole. */
const FLAT_MIB = 64;

const uris = (playlist: string) =>
  playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

async function text(url: string): Promise<string> {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url}: ${reply.status}`);
  return reply.text();
}

/** Every segment URL of the file's renditions (the master playlist, then each variant's). */
async function segmentsOf(base: string, rendition: string): Promise<string[]> {
  const master = `${base}/media/${rendition}`;
  const segments: string[] = [];
  for (const variant of uris(await text(master)).map((uri) => new URL(uri, master).href))
    segments.push(...uris(await text(variant)).map((uri) => new URL(uri, variant).href));
  if (!segments.length) throw new Error(`${master} lists no segment`);
  return segments;
}

/** One GET read to its end: the time to its first body byte, and its bytes. */
async function fetchTimed(url: string): Promise<{ firstByteMs: number; bytes: number }> {
  const started = performance.now();
  const reply = await fetch(url);
  if (!reply.ok || !reply.body) throw new Error(`${url}: ${reply.status}`);
  const reader = reply.body.getReader();
  let chunk = await reader.read();
  const firstByteMs = performance.now() - started;
  let bytes = 0;
  for (; !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return { firstByteMs, bytes };
}

/** One read of an object straight from the bucket (no node): the time to its first byte; read to its end. */
async function readTimed(store: S3MediaStore, key: string): Promise<number> {
  const started = performance.now();
  const { body } = await store.read(key);
  let firstByteMs = 0;
  for await (const _chunk of body) firstByteMs ||= performance.now() - started;
  return firstByteMs;
}

type Started = Awaited<ReturnType<typeof startServer>> & { segments: string[]; large: string };

async function start(node: Node, dir: string): Promise<Started> {
  const folder = /^(files\/[^/]+\/)/.exec(node.rendition)![1]!;
  const large = path.join(dir, `large-${path.basename(node.dataDir)}.ts`);
  fs.writeFileSync(large, Buffer.alloc(LARGE_BYTES, 7));
  await node.store.putFile(`${folder}bench-large.ts`, large);
  const server = await startServer({ dataDir: node.dataDir, demo: false, extraEnv: node.env });
  try {
    return { ...server, segments: await segmentsOf(server.url, node.rendition), large: `${server.url}/media/${folder}bench-large.ts` };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** 50 players at once, each reading every segment and the large object; the node's RSS sampled every 100 ms. */
async function streamTogether(node: Started): Promise<{ before: number; peak: number; after: number; bytes: number; ms: number }> {
  const before = rssMiB(node.child.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(node.child.pid))), 100);
  const started = performance.now();
  let bytes = 0;
  try {
    await Promise.all(
      Array.from({ length: PLAYERS }, async () => {
        for (const url of [...node.segments, node.large]) {
          const read = await fetchTimed(url);
          bytes += read.bytes;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2000)); // what the node keeps once the players are gone
  return { before, peak: Math.max(peak, rssMiB(node.child.pid)), after: rssMiB(node.child.pid), bytes, ms };
}

export async function measurePlayers(folderNode: Node, bucketNode: Node, dir: string): Promise<Array<Record<string, string>>> {
  const folder = await start(folderNode, dir);
  let bucket: Started | undefined;
  let streamed: Started | undefined;
  try {
    bucket = await start(bucketNode, dir);
    // The same bucket through a node that keeps no copy (VP_MEDIA_CACHE_MB=0): every read streams from the bucket,
    // as a segment's first read does on any node.
    streamed = await start({ ...bucketNode, env: { ...bucketNode.env, VP_MEDIA_CACHE_MB: '0' } }, dir);
    // Warm all (connections, the node's memory of the file's state, its copies), then take turns.
    for (const url of [...folder.segments, ...bucket.segments, ...streamed.segments]) await fetchTimed(url);
    const ttfb: { folder: number[]; bucket: number[]; streamed: number[]; store: number[] } = {
      folder: [],
      bucket: [],
      streamed: [],
      store: [],
    };
    // The store's own share: the same segments read straight from the bucket with the SDK (what the node does, without the node).
    const storeKeys = bucket.segments.map((url) => decodeURIComponent(new URL(url).pathname.replace(/^\/media\//, '')));
    for (let i = 0; i < TTFB_SAMPLES; i++) {
      ttfb.folder.push((await fetchTimed(folder.segments[i % folder.segments.length]!)).firstByteMs);
      ttfb.bucket.push((await fetchTimed(bucket.segments[i % bucket.segments.length]!)).firstByteMs);
      ttfb.streamed.push((await fetchTimed(streamed.segments[i % streamed.segments.length]!)).firstByteMs);
      ttfb.store.push(await readTimed(bucketNode.store as S3MediaStore, storeKeys[i % storeKeys.length]!));
    }
    const folderP95 = percentile(ttfb.folder, 95);
    const bucketP95 = percentile(ttfb.bucket, 95);
    const rows: Array<Record<string, string>> = [
      {
        name: `a player's segment through a node: time to first byte, folder store (${TTFB_SAMPLES} requests, ${folder.segments.length} segments in turn)`,
        figure: `p95 ${fmtMs(folderP95)} ms`,
        budget: 'the anchor',
        status: '–',
        note: `p50 ${fmtMs(percentile(ttfb.folder, 50))} ms`,
      },
      {
        name: `a player's segment through a node: time to first byte, object store (${TTFB_SAMPLES} requests, taken in turns with the folder's; the node's copy after the first read)`,
        figure: `p95 ${fmtMs(bucketP95)} ms (${(bucketP95 / folderP95).toFixed(2)}×)`,
        budget: `p95 ≤ 1.5× the folder store (${fmtMs(1.5 * folderP95)} ms)`,
        status: bucketP95 <= 1.5 * folderP95 ? 'PASS' : 'FAIL',
        note: `p50 ${fmtMs(percentile(ttfb.bucket, 50))} ms`,
      },
      {
        name: `  the same, through a node that keeps no copy (VP_MEDIA_CACHE_MB=0): every read streamed from the bucket, as a segment's first read`,
        figure: `p95 ${fmtMs(percentile(ttfb.streamed, 95))} ms (${(percentile(ttfb.streamed, 95) / folderP95).toFixed(2)}×)`,
        budget: '–',
        status: '–',
        note: `p50 ${fmtMs(percentile(ttfb.streamed, 50))} ms`,
      },
      {
        name: `  the same segments read straight from the bucket with the SDK, no node (the store's own share)`,
        figure: `p95 ${fmtMs(percentile(ttfb.store, 95))} ms`,
        budget: '–',
        status: '–',
        note: `p50 ${fmtMs(percentile(ttfb.store, 50))} ms`,
      },
    ];
    for (const [name, node] of [
      ['folder store', folder],
      ['object store', bucket],
    ] as const) {
      const run = await streamTogether(node);
      const growth = run.peak - run.before;
      rows.push({
        name: `node's RSS while ${PLAYERS} players stream at once, ${name} (each: the file's ${node.segments.length} segments and an 8 MB object)`,
        figure: `${run.before.toFixed(0)} → peak ${run.peak.toFixed(0)} → after ${run.after.toFixed(0)} MiB (+${growth.toFixed(0)} MiB)`,
        budget: `flat: peak ≤ before + ${FLAT_MIB} MiB (${PLAYERS} whole 8 MB objects: ${((PLAYERS * LARGE_BYTES) / 2 ** 20).toFixed(0)} MiB)`,
        status: growth <= FLAT_MIB ? 'PASS' : 'FAIL',
        note: `${(run.bytes / 1e6).toFixed(0)} MB served in ${(run.ms / 1000).toFixed(1)} s; RSS of the server process, sampled every 100 ms`,
      });
    }
    return rows;
  } finally {
    await streamed?.stop();
    await bucket?.stop();
    await folder.stop();
  }
}
