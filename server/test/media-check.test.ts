import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli-support';
import { startS3Server, type TestS3Server } from './s3-server';

/** `npm run server -- media check` with this environment (asynchronous: the S3 server runs in this process). */
async function mediaCheck(env: Record<string, string>, command = ['media', 'check']): Promise<{ code: number | null; lines: string[] }> {
  const run = await runCli(command, { PATH: process.env.PATH, NODE_NO_WARNINGS: '1', ...env });
  return { code: run.status, lines: (run.status === 0 ? run.stdout : run.out).trim().split('\n') };
}

const STEPS = ['put', 'head', 'ranged get', 'list', 'delete'];
/** A bucket also hands out presigned URLs (API-only workers read and write through them). */
const BUCKET_STEPS = ['put', 'head', 'ranged get', 'presigned get', 'list', 'delete'];

describe('npm run server -- media check', () => {
  let s3: TestS3Server;
  let bucket: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-media-check-'));
  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = await s3.bucket();
  });
  afterAll(async () => {
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const bucketEnv = (name: string) => ({
    VP_MEDIA_URL: `s3://${name}/vp`,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    VP_S3_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    VP_S3_TIMEOUT_SECONDS: '5',
  });

  it('passes every step on the folder store and on a bucket, one line each, and leaves nothing', async () => {
    const folder = await mediaCheck({ VP_DATA_DIR: dataDir });
    expect(folder.code).toBe(0);
    expect(folder.lines[0]).toBe(`Media store: folder ${path.join(dataDir, 'media')}`);
    expect(folder.lines.slice(1).map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual(STEPS.map((s) => `ok     ${s}`));
    expect(fs.readdirSync(path.join(dataDir, 'media'))).toEqual([]); // not even an empty checks/ folder

    const stored = await mediaCheck({ VP_DATA_DIR: dataDir, ...bucketEnv(bucket) });
    expect(stored.code).toBe(0);
    expect(stored.lines[0]).toBe(`Media store: s3://${bucket}/vp/`);
    expect(stored.lines.slice(1).map((line) => line.replace(/ \(\d+ ms\)$/, ''))).toEqual(BUCKET_STEPS.map((s) => `ok     ${s}`));
  });

  it('names the first failing step and why: a bucket that does not exist, an unknown access key', async () => {
    const missing = await mediaCheck({ VP_DATA_DIR: dataDir, ...bucketEnv('no-such-bucket') });
    expect(missing.code).toBe(1);
    expect(missing.lines.slice(1)).toEqual(['FAILED put: it answered 404 NoSuchBucket']);
    const wrong = await mediaCheck({ VP_DATA_DIR: dataDir, ...bucketEnv(bucket), AWS_ACCESS_KEY_ID: 'NOBODY' });
    expect(wrong.code).toBe(1);
    expect(wrong.lines.slice(1)).toEqual(['FAILED put: it answered 403 InvalidAccessKeyId']);
  });

  it('is run by the server at start: a bucket that fails it stops the start with one line', async () => {
    const start = await mediaCheck({ VP_DATA_DIR: dataDir, PORT: '8470', ...bucketEnv('no-such-bucket') }, ['serve']);
    expect(start.code).toBe(1);
    expect(start.lines).toEqual([
      'VP_MEDIA_URL s3://no-such-bucket/vp/: put failed: it answered 404 NoSuchBucket (see: npm run server -- media check)',
    ]);
  });
});
