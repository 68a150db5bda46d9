import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsRepository } from '../src/db/accounts-repository';
import type { Db } from '../src/db/engine';
import { FilesRepository } from '../src/db/files-repository';
import { openDatabase } from '../src/db/open';
import { seedFiles } from '../src/db/seed';
import { moveMedia } from '../src/media/media-move';
import { FolderMediaStore, type MediaStore } from '../src/media/media-store';
import { S3MediaStore } from '../src/media/s3-media-store';
import { runCli } from './cli-support';
import { createTestDatabase, dropTestDatabase, ENGINE, START } from './helpers';
import { startS3Server, type TestS3Server } from './s3-server';

/** `npm run server -- media move …` with this environment (asynchronous: the S3 server runs in this process). */
async function cli(env: Record<string, string>, command: string[]): Promise<{ code: number | null; lines: string[] }> {
  const run = await runCli(command, { PATH: process.env.PATH, NODE_NO_WARNINGS: '1', ...env });
  return { code: run.status, lines: (run.status === 0 ? run.stdout : run.out).trim().split('\n') };
}

/** Bytes that tell their own position apart (a shifted or truncated copy differs). */
const bytes = (n: number, seed = 0): Buffer => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed + (i >> 8)) % 251));

/** moveMedia's question to the database, for the moves called here directly: every file is live. */
const everyFileLives = () => Promise.resolve(true);

/** What a media folder holds while files play and uploads wait (files 1 and 2 of the database): every object here but the two last is moved. */
const MOVED: Record<string, Buffer> = {
  'files/1-aaa/master.m3u8': Buffer.from('#EXTM3U\n720p/index.m3u8\n'),
  'files/1-aaa/720p/index.m3u8': Buffer.from('#EXTM3U\nseg_0.ts\nseg_1.ts\n'),
  'files/1-aaa/720p/seg_0.ts': bytes(300_000, 1),
  'files/1-aaa/720p/seg_1.ts': bytes(120_000, 2),
  'files/1-aaa/image.jpg': bytes(4_000, 3),
  'files/2-bbb/master.m3u8': Buffer.from('#EXTM3U\n'),
  'files/2-bbb/empty.vtt': Buffer.alloc(0),
  'files/2-ccc/image.jpg': bytes(2_000, 4), // a second attempt's folder of file 2
  'files/demo-x/video.mp4': bytes(50_000, 5), // shared by the demo's files: no one file's
  'uploads/waitingtoken/source': bytes(6 * 1024 * 1024 + 11, 6), // larger than one multipart part
  'uploads/tus/finished': bytes(500, 7), // a whole tus upload waiting for its job
  'uploads/tus/finished.json': Buffer.from(JSON.stringify({ id: 'finished', size: 500, offset: 0 })),
};
const LEFT: Record<string, Buffer> = {
  'uploads/tus/going': bytes(400, 8), // a tus upload in progress: 400 of 1000 bytes
  'uploads/tus/going.json': Buffer.from(JSON.stringify({ id: 'going', size: 1000, offset: 0 })),
  'checks/probe1/probe': Buffer.from('media check'),
};

/** Each object's SHA-256 (comparing megabytes as Buffers element by element takes the test's whole budget). */
const digests = (objects: Record<string, Buffer>): Record<string, string> =>
  Object.fromEntries(Object.entries(objects).map(([key, data]) => [key, createHash('sha256').update(data).digest('hex')]));

/** Every object of a store, read back through it, as digests. */
async function contents(store: MediaStore): Promise<Record<string, string>> {
  const found: Record<string, Buffer> = {};
  for await (const { key } of store.list('')) found[key] = Buffer.concat(await (await store.getStream(key)).toArray());
  return digests(found);
}

/** The store with every put recorded; past the first `killAfter` begun, each put's source is cut midway, as a killed move leaves it. */
function recorded(store: MediaStore, killAfter = Infinity): MediaStore & { puts: string[] } {
  const puts: string[] = [];
  let started = 0;
  const cut = (source: Readable) =>
    Readable.from(
      (async function* () {
        for await (const chunk of source) {
          yield (chunk as Buffer).subarray(0, (chunk as Buffer).length >> 1);
          throw new Error('killed');
        }
        throw new Error('killed');
      })(),
    );
  return {
    puts,
    putStream: async (key, source, maxBytes) => {
      if (started++ >= killAfter) return store.putStream(key, cut(source), maxBytes);
      const written = await store.putStream(key, source, maxBytes);
      puts.push(key);
      return written;
    },
    putFile: (key, local) => store.putFile(key, local),
    getFile: (key, local) => store.getFile(key, local),
    size: (key) => store.size(key),
    bytesUnder: (folder) => store.bytesUnder(folder),
    head: (key, n) => store.head(key, n),
    getStream: (key) => store.getStream(key),
    list: (folder) => store.list(folder),
    delete: (key) => store.delete(key),
  };
}

// Each command starts tsx (a few seconds on a busy machine): an honest budget for two in one test.
describe('npm run server -- media move', { timeout: 90_000 }, () => {
  let s3: TestS3Server;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-media-move-'));
  const sourceDir = path.join(tmp, 'media');
  /** The database the move asks which files still exist: files 1, 2 and 3 of one account. */
  let db: Db;
  let databaseUrl: string | undefined;
  let accountId: number;
  const dbEnv = () => ({ VP_DATA_DIR: tmp, DATABASE_URL: databaseUrl ?? '' });
  const s3Env = () => ({
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    VP_S3_FORCE_PATH_STYLE: '1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    VP_S3_TIMEOUT_SECONDS: '5',
  });
  beforeAll(async () => {
    s3 = await startS3Server();
    databaseUrl = ENGINE === 'postgres' ? await createTestDatabase({ migrated: true }) : undefined;
    db = await openDatabase({ dataDir: tmp, databaseUrl, list: { readWorkers: 0 } });
    accountId = await new AccountsRepository(db).upsert('mover', 'not a hash: never signs in', START);
    expect(await seedFiles(db, accountId, 3, START)).toEqual({ firstId: 1, lastId: 3 });
    const source = new FolderMediaStore(sourceDir);
    for (const [key, data] of Object.entries({ ...MOVED, ...LEFT })) await source.putStream(key, Readable.from([data]));
  });
  afterAll(async () => {
    await s3?.close();
    await db?.close();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('copies every object of the folder store to a bucket byte for byte, one line per folder; a second run copies nothing', async () => {
    const bucket = await s3.bucket();
    const env = { ...dbEnv(), VP_MEDIA_DIR: sourceDir, ...s3Env() };
    const first = await cli(env, ['media', 'move', '--to', `s3://${bucket}/vp`]);
    expect(first.code, first.lines.join('\n')).toBe(0);
    expect(first.lines.slice(0, -2)).toEqual([
      `Media move: from folder ${sourceDir} to s3://${bucket}/vp/`,
      'copied  files/1-aaa/ (5 object(s), 0.4 MB copied, 0 already there)',
      'copied  files/2-bbb/ (2 object(s), 0.0 MB copied, 0 already there)',
      'copied  files/2-ccc/ (1 object(s), 0.0 MB copied, 0 already there)',
      'copied  files/demo-x/ (1 object(s), 0.1 MB copied, 0 already there)',
      'copied  uploads/tus/finished (2 object(s), 0.0 MB copied, 0 already there)',
      'left    uploads/tus/going: a tus upload in progress: its client starts it again after the switch',
      'copied  uploads/waitingtoken/ (1 object(s), 6.3 MB copied, 0 already there)',
    ]);
    const total = Object.values(MOVED).reduce((sum, data) => sum + data.length, 0);
    expect(first.lines.at(-2)).toMatch(
      new RegExp(
        `^Moved 2 file\\(s\\) in 7 folder\\(s\\): 12 object\\(s\\), ${(total / 1e6).toFixed(1)} MB in [\\d.]+ s \\([\\d.]+ MB/s\\); 0 already there; 0 failed; 1 tus upload\\(s\\) in progress left; 0 folder\\(s\\) of purged files not copied or removed from the target$`,
      ),
    );
    expect(first.lines.at(-1)).toBe(
      `Done. Now set VP_MEDIA_URL=s3://${bucket}/vp/ on every node and worker and restart them; until then they serve from folder ${sourceDir}, which this move only read.`,
    );
    const target = new S3MediaStore(s3.settings(bucket, 'vp/'));
    expect(await contents(target)).toEqual(digests(MOVED));
    expect(await contents(new FolderMediaStore(sourceDir))).toEqual(digests({ ...MOVED, ...LEFT })); // only read

    const again = await cli(env, ['media', 'move', '--to', `s3://${bucket}/vp`]);
    expect(again.code).toBe(0);
    expect(again.lines[1]).toBe('there   files/1-aaa/ (0 object(s), 0.0 MB copied, 5 already there)');
    expect(again.lines.filter((line) => line.startsWith('copied'))).toEqual([]);
    expect(again.lines.at(-2)).toMatch(/: 0 object\(s\), 0\.0 MB in [\d.]+ s \([\d.]+ MB\/s\); 12 already there; 0 failed;/);
  });

  it('moved back from the bucket to a folder, gives the same objects', async () => {
    const bucket = await s3.bucket();
    await moveMedia(new FolderMediaStore(sourceDir), new S3MediaStore(s3.settings(bucket, 'vp/')), () => {}, everyFileLives);
    const back = path.join(tmp, 'back');
    const run = await cli({ ...dbEnv(), VP_MEDIA_URL: `s3://${bucket}/vp`, ...s3Env() }, ['media', 'move', '--to', back]);
    expect(run.code, run.lines.join('\n')).toBe(0);
    expect(run.lines[0]).toBe(`Media move: from s3://${bucket}/vp/ to folder ${back}`);
    expect(run.lines.at(-1)).toBe(
      `Done. Now set VP_MEDIA_DIR=${back} (and no VP_MEDIA_URL) on every node and worker and restart them; until then they serve from s3://${bucket}/vp/, which this move only read.`,
    );
    expect(await contents(new FolderMediaStore(back))).toEqual(digests(MOVED));
  });

  it('a move killed midway, run again, copies the rest and nothing twice', async () => {
    const bucket = await s3.bucket();
    const source = new FolderMediaStore(sourceDir);
    const killed = recorded(new S3MediaStore(s3.settings(bucket, 'vp/')), 5);
    const lines: string[] = [];
    const first = await moveMedia(source, killed, (moved) => lines.push(moved.folder), everyFileLives);
    expect(killed.puts).toHaveLength(5);
    expect(first).toMatchObject({ copied: 5, failed: 12 - 5, skipped: 0 });

    const rerun = recorded(new S3MediaStore(s3.settings(bucket, 'vp/')));
    const second = await moveMedia(source, rerun, () => {}, everyFileLives);
    expect(second).toMatchObject({ copied: 12 - 5, failed: 0, skipped: 5, files: 2 });
    expect(rerun.puts.filter((key) => killed.puts.includes(key))).toEqual([]);
    expect([...killed.puts, ...rerun.puts].sort()).toEqual(Object.keys(MOVED).sort());
    expect(await contents(new S3MediaStore(s3.settings(bucket, 'vp/')))).toEqual(digests(MOVED));
  });

  it('names a target that fails its check, and refuses a target inside the store, with exit status 1', async () => {
    const missing = await cli({ ...dbEnv(), VP_MEDIA_DIR: sourceDir, ...s3Env() }, ['media', 'move', '--to', 's3://no-such-bucket']);
    expect(missing.code).toBe(1);
    expect(missing.lines.slice(1)).toEqual(['FAILED target check, put: it answered 404 NoSuchBucket']);
    const inside = await cli({ ...dbEnv(), VP_MEDIA_DIR: sourceDir }, ['media', 'move', '--to', path.join(sourceDir, 'new')]);
    expect(inside.code).toBe(1);
    expect(inside.lines).toEqual([`The target folder ${path.join(sourceDir, 'new')} overlaps the media store folder ${sourceDir}.`]);
    const usage = await cli({ VP_DATA_DIR: tmp }, ['media', 'move']);
    expect(usage.code).toBe(2);
  });

  it('a file purged during the move: the next run does not copy its folder and removes its copy from the target', async () => {
    const bucket = await s3.bucket();
    const withThird = path.join(tmp, 'media-purge');
    const source = new FolderMediaStore(withThird);
    for (const [key, data] of Object.entries({ 'files/1-aaa/image.jpg': bytes(1_000, 9), 'files/3-ddd/image.jpg': bytes(2_000, 10) }))
      await source.putStream(key, Readable.from([data]));
    const env = { ...dbEnv(), VP_MEDIA_DIR: withThird, ...s3Env() };
    const first = await cli(env, ['media', 'move', '--to', `s3://${bucket}/vp`]);
    expect(first.code, first.lines.join('\n')).toBe(0);
    const target = new S3MediaStore(s3.settings(bucket, 'vp/'));
    expect(await target.size('files/3-ddd/image.jpg')).toBe(2_000);

    // Purged on a node still on the folder: its purge deletes the folder's copy (not done here), never the bucket's.
    const files = new FilesRepository(db, 0);
    expect((await files.trash(accountId, 3, START)).kind).toBe('trashed');
    expect(await files.purge(accountId, 3, START)).not.toBeNull();

    const again = await cli(env, ['media', 'move', '--to', `s3://${bucket}/vp`]);
    expect(again.code, again.lines.join('\n')).toBe(0);
    expect(again.lines.slice(1, -2)).toEqual([
      'there   files/1-aaa/ (0 object(s), 0.0 MB copied, 1 already there)',
      'purged  files/3-ddd/: its file is no longer in the database, not copied',
      'removed files/3-ddd/ from the target: its file is no longer in the database',
    ]);
    expect(again.lines.at(-2)).toMatch(
      /^Moved 1 file\(s\) in 2 folder\(s\): .*; 1 folder\(s\) of purged files not copied or removed from the target$/,
    );
    expect(await target.bytesUnder('files/3-')).toBe(0);
    expect(await target.size('files/1-aaa/image.jpg')).toBe(1_000);
  });

  it("refuses a database that holds none of the store's files (not the servers' one), copying nothing", async () => {
    const bucket = await s3.bucket();
    const elsewhere = fs.mkdtempSync(path.join(tmp, 'other-data-'));
    const run = await cli({ VP_DATA_DIR: elsewhere, VP_MEDIA_DIR: sourceDir, ...s3Env() }, ['media', 'move', '--to', `s3://${bucket}/vp`]);
    expect(run.code).toBe(1);
    expect(run.lines.slice(1)).toEqual([
      "None of the 2 file(s) whose media the store holds is in this database: run the move with the servers' DATABASE_URL (or VP_DATA_DIR).",
    ]);
    expect(await new S3MediaStore(s3.settings(bucket, 'vp/')).bytesUnder('')).toBe(0);
  });
});
