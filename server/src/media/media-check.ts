import { Readable } from 'node:stream';
import { randomToken } from '../lib/tokens';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';

/** One step of the check: its name, and what went wrong (null: it passed), with how long it took. */
export interface MediaCheckStep {
  step: string;
  problem: string | null;
  ms: number;
}

const PROBE = Buffer.from('vp-admin-kit media check: put, head, ranged get, presigned get, list, delete\n');

/**
 * Exercises the media store with one small object of its own (`checks/<random>/probe`): put, head
 * (size), ranged get (its first bytes), on a bucket a presigned get (what an API-only worker reads and
 * writes through: a URL signed here, fetched with no credentials), list (the bytes under its folder),
 * delete (and gone after).
 * Each step is reported as it ends; the first failure ends the check (what follows depends on it), and
 * the object is deleted whatever happened. A wrong endpoint, bucket or credential is named here rather
 * than by a failing upload or pipeline.
 */
export async function checkMediaStore(store: MediaStore, report: (step: MediaCheckStep) => void): Promise<boolean> {
  const folder = `checks/${randomToken(12).toLowerCase()}/`;
  const key = `${folder}probe`;
  const steps: [string, () => Promise<string | null>][] = [
    ['put', async () => ((await store.putStream(key, Readable.from([PROBE]))) === PROBE.length ? null : 'stored a different size')],
    ['head', async () => ((await store.size(key)) === PROBE.length ? null : `size ${await store.size(key)}, not ${PROBE.length}`)],
    ['ranged get', async () => ((await store.head(key, 10)).equals(PROBE.subarray(0, 10)) ? null : 'the first bytes differ')],
    ...(store instanceof S3MediaStore ? [['presigned get', () => presignedGet(store, key)] as [string, () => Promise<string | null>]] : []),
    ['list', async () => ((await store.bytesUnder(folder)) === PROBE.length ? null : 'the folder does not list the object')],
    ['delete', async () => (await store.delete(folder), (await store.size(key)) === null ? null : 'the object is still there')],
  ];
  try {
    for (const [step, run] of steps) {
      const started = Date.now();
      const problem = await run().catch((err: unknown) => (err as { reason?: string }).reason ?? (err as Error).message ?? String(err));
      report({ step, problem, ms: Date.now() - started });
      if (problem) return false;
    }
    return true;
  } finally {
    await store.delete(folder).catch(() => {});
  }
}

/** Fetches the probe through a presigned URL, as an API-only worker would: null when its bytes come back. */
async function presignedGet(store: S3MediaStore, key: string): Promise<string | null> {
  const url = await store.presign(key, 'GET', 60);
  const reply = await fetch(url, { signal: AbortSignal.timeout(store.settings.timeoutMs) });
  if (!reply.ok) return `it answered ${reply.status} to a presigned URL`;
  return Buffer.from(await reply.arrayBuffer()).equals(PROBE) ? null : 'the bytes differ';
}
