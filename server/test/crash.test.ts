import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../../test/support/server-bundle.mjs';
import { STALE_ENTRY_MS } from '../src/db/storage-journal';
import type { S3MediaStore } from '../src/media/s3-media-store';
import { newStorageKey } from '../src/db/subtitle-store';
import { MACHINE_FILE } from '../src/lib/temp-owner';
import { sweepTempFiles } from '../src/plugins/crash-clean-storage';
import { createTestDatabase, dropTestDatabase, ENGINE, SRT, startServer, type TestServer } from './helpers';
import { multipartBody, rawRequest } from './raw-http';
import { startS3Server } from './s3-server';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The environment of a server process of these tests: any free port, an empty data folder (or database), no rate limit to speak of. */
const serverEnv = (dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  VP_DATA_DIR: dataDir,
  VP_DEMO: '0',
  DATABASE_URL: databaseUrl ?? '',
  VP_RATE_LIMIT_PER_MINUTE: '1000000',
});

/** The real server as its own process, on a data folder (and database), to be killed with SIGKILL. */
async function spawnServer(
  dataDir: string,
  databaseUrl: string | undefined,
  more: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  // Node itself, not the tsx CLI: the CLI runs the server in a child process that SIGKILL would not reach.
  const child = spawn(process.execPath, serverCommand('main'), {
    cwd: ROOT,
    env: { ...serverEnv(dataDir, databaseUrl), ...more },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, base };
}

/** A key from a server process (it runs on the real clock, not the suite's), signed in over HTTP. */
async function signInTo(base: string, username: string, password: string): Promise<string> {
  const login = await rawRequest(base, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return JSON.parse(login.body).data.apiKey as string;
}

/** The temporary upload files under a data folder, in every process's folder. */
const uploadFiles = (dataDir: string) =>
  fs.readdirSync(path.join(dataDir, 'tmp'), { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)upload-/.test(f));

/** What a restarted server must find: no temp file, no content without a row, no row without content. */
async function leftovers(s: TestServer) {
  const keys = await s.storedKeys();
  const rows = (
    await s.app.db.all<{ k: string }>(
      'SELECT storage_name AS k FROM subtitles UNION ALL SELECT rendition_name FROM subtitles WHERE rendition_name IS NOT NULL',
    )
  ).map((r) => r.k);
  const journal = await s.app.db.all('SELECT * FROM storage_journal');
  return {
    tempFiles: s.tempFiles().length,
    orphanContents: keys.filter((k) => !rows.includes(k)).length,
    rowsWithoutContent: rows.filter((k) => !keys.includes(k)).length,
    journalEntries: journal.length,
  };
}
const CLEAN = { tempFiles: 0, orphanContents: 0, rowsWithoutContent: 0, journalEntries: 0 };

describe('crash-clean storage', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function setUp() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-crash-'));
    const databaseUrl = ENGINE === 'postgres' ? await createTestDatabase() : undefined;
    cleanups.push(async () => {
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const s = await startServer({ databaseUrl }, dataDir);
    await s.addAccount('crash', 'crash-password', 5);
    const key = await s.login('crash', 'crash-password');
    const fileIds = ((await s.request('GET', '/api/files/', { key })).body.data.files as { file_id: number }[]).map((f) => f.file_id);
    await s.app.close();
    return { dataDir, databaseUrl, key, fileIds };
  }

  it('kill -9 during uploads and removals, restart on the same data: no temp file, no orphan content', async () => {
    const { dataDir, databaseUrl, fileIds } = await setUp();
    const rounds: Record<string, number>[] = [];
    for (let round = 0; round < 2; round++) {
      const { child, base } = await spawnServer(dataDir, databaseUrl);
      const key = await signInTo(base, 'crash', 'crash-password');
      const form = (i: number, repeat: number) =>
        multipartBody([
          { name: 'subtitle_file', filename: `r${round}-${i}.srt`, content: SRT.repeat(repeat) },
          { name: 'file_id', content: String(fileIds[i % fileIds.length]) },
          { name: 'sub_lang', content: 'en' },
        ]);
      const post = (i: number, trickle?: { bytes: number; everyMs: number }) => {
        const { body, contentType } = form(i, trickle ? 500 : 20);
        return rawRequest(base, {
          method: 'POST',
          path: '/api/files/sub',
          headers: { 'x-apikey': key, 'content-type': contentType },
          body,
          trickle,
          timeoutMs: 5000,
        });
      };
      // Slow uploads hold temp files; fast ones and removals keep content and rows changing.
      const inFlight: Promise<unknown>[] = [0, 1].map((i) => post(100 + i, { bytes: 256, everyMs: 50 }));
      let stop = false;
      const churn = (async () => {
        for (let i = 0; !stop; i++) {
          const res = await post(i);
          const sub = res.status === 200 ? JSON.parse(res.body).data.sub : null;
          if (sub && i % 3 === 0)
            await rawRequest(base, { method: 'DELETE', path: `/api/subs/${sub.sub_id}`, headers: { 'x-apikey': key }, timeoutMs: 5000 });
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 600 + 400 * round));
      const tempBefore = uploadFiles(dataDir).length;
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      stop = true;
      await Promise.allSettled([churn, ...inFlight]);

      const s = await startServer({ databaseUrl }, dataDir);
      const found = await leftovers(s);
      rounds.push({ tempFilesAtKill: tempBefore, ...found });
      expect(found).toEqual(CLEAN);
      await s.app.close();
    }
    console.log(`kill -9: ${JSON.stringify(rounds)}`);
    expect(rounds.some((r) => r.tempFilesAtKill! > 0)).toBe(true); // the kills did catch uploads in flight
  }, 90_000);

  /** Two videos of `mb` MB each trickled at `trickle` into a server process, which is killed meanwhile: their replies. */
  async function slowVideoUploads(base: string, mb: number, trickle: { bytes: number; everyMs: number }) {
    const key = await signInTo(base, 'crash', 'crash-password');
    return [0, 1].map((i) => {
      const { body, contentType } = multipartBody([
        { name: 'file_title', content: `Slow ${i}` },
        { name: 'video_file', filename: `slow-${i}.mp4`, content: Buffer.alloc(mb * 1024 * 1024, i) },
      ]);
      return rawRequest(base, {
        method: 'POST',
        path: '/api/files',
        headers: { 'x-apikey': key, 'content-type': contentType },
        body,
        trickle,
        timeoutMs: 30_000,
      });
    });
  }

  /** What the media's journal and the video storage count hold after a restart. */
  const countsOf = async (s: TestServer) => ({
    journalEntries: (await s.app.db.all('SELECT * FROM storage_journal')).length,
    countedObjects: (await s.app.db.all('SELECT * FROM video_storage')).length,
    countedBytes: Number((await s.app.db.get<{ b: number | null }>('SELECT sum(bytes) AS b FROM account_video_bytes'))?.b ?? 0),
  });

  it('kill -9 during multipart video uploads, restart: no partial object under the media folder, no bytes counted', async () => {
    const { dataDir, databaseUrl } = await setUp();
    const { child, base } = await spawnServer(dataDir, databaseUrl);
    const uploads = await slowVideoUploads(base, 8, { bytes: 16_384, everyMs: 20 });
    const uploadsDir = path.join(dataDir, 'media', 'uploads');
    const objects = () =>
      fs.existsSync(uploadsDir)
        ? fs.readdirSync(uploadsDir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile())
        : [];
    // Both videos are being written (each as a `.partial` object beside its final name) when the server dies.
    await expect.poll(() => objects().filter((f) => f.endsWith('.partial')).length, { timeout: 20_000, interval: 20 }).toBe(2);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await Promise.allSettled(uploads);
    const atKill = objects();

    const s = await startServer({ databaseUrl }, dataDir);
    const found = { objects: objects(), ...(await countsOf(s)) };
    console.log(`kill -9 mid video upload: ${JSON.stringify(atKill)} at the kill; after a restart ${JSON.stringify(found)}`);
    expect(found).toEqual({ objects: [], journalEntries: 0, countedObjects: 0, countedBytes: 0 });
    await s.app.close();
  }, 90_000);

  it('kill -9 during multipart video uploads to a bucket, restart: no object, no open multipart upload, no bytes counted', async () => {
    const { dataDir, databaseUrl } = await setUp();
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const bucket = await s3.bucket();
    const { child, base } = await spawnServer(dataDir, databaseUrl, s3.environment(bucket, 'vp'));
    // 12 MB each at 3.2 MB/s: a multipart upload is begun once the first 5 MiB part is in, and the kill comes before the end.
    const uploads = await slowVideoUploads(base, 12, { bytes: 65_536, everyMs: 20 });
    await expect.poll(() => s3.openUploads(bucket), { timeout: 20_000, interval: 20 }).toBe(2);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await Promise.allSettled(uploads);

    const s = await startServer({ databaseUrl, s3: s3.settings(bucket, 'vp/') }, dataDir);
    const store = s.app.media as S3MediaStore;
    const found = { openUploads: s3.openUploads(bucket), objectBytes: await store.bytesUnder(''), ...(await countsOf(s)) };
    expect(found).toEqual({ openUploads: 0, objectBytes: 0, journalEntries: 0, countedObjects: 0, countedBytes: 0 });
    await s.app.close();
  }, 90_000);

  it('every crash point of an upload or a removal is settled at the next start', async () => {
    const { dataDir, databaseUrl, key, fileIds } = await setUp();
    let s = await startServer({ databaseUrl }, dataDir);
    const kept = await s.request('POST', '/api/files/sub', {
      key,
      body: (() => {
        const f = new FormData();
        f.append('file_id', String(fileIds[0]));
        f.append('sub_lang', 'en');
        f.append('subtitle_file', new Blob([SRT]), 'kept.srt');
        return f;
      })(),
    });
    const keptName = (await s.app.db.get<{ storage_name: string }>('SELECT storage_name FROM subtitles WHERE sub_id = ?', [
      kept.body.data.sub.sub_id,
    ]))!.storage_name;
    // What a process (pid 2^22 + 1, never a live one here) left when killed:
    const deadOwner = `${os.hostname()}:${2 ** 22 + 1}`;
    const journal = (name: string) =>
      s.app.db.run('INSERT INTO storage_journal (storage_name, owner, created_at) VALUES (?, ?, ?)', [name, deadOwner, s.now.value]);
    const contentOnly = newStorageKey(); // upload: journal + content, killed before the row
    await journal(contentOnly);
    await s.app.store.put(contentOnly, SRT);
    const journalOnly = newStorageKey(); // upload: killed right after the journal entry
    await journal(journalOnly);
    await journal(keptName); // removal: killed after the journal entry, before the row was deleted
    fs.writeFileSync(path.join(dataDir, 'tmp', `upload-${2 ** 22 + 1}-abc`), 'partial'); // a dead older server's temp file
    fs.mkdirSync(path.join(dataDir, 'tmp', `owner-${'d'.repeat(24)}`)); // a dead process's folder: nobody holds it
    fs.writeFileSync(path.join(dataDir, 'tmp', `owner-${'d'.repeat(24)}`, 'upload-abc'), 'partial');
    await s.app.close();

    s = await startServer({ databaseUrl }, dataDir);
    expect(await leftovers(s)).toEqual(CLEAN);
    expect(await s.storedKeys()).toContain(keptName); // its row is still there: the content stays
    expect((await s.request('GET', `/api/subs/${kept.body.data.sub.sub_id}/content`, { key })).text).toBe(SRT);
    await s.app.close();
  });
  it('kill -9 mid subtitle upload: a live node on the same data folder sweeps its temp files, without a restart', async () => {
    const { dataDir, databaseUrl, fileIds } = await setUp();
    const live = await startServer({ databaseUrl, storageSweepSeconds: 1 }, dataDir);
    const { child, base } = await spawnServer(dataDir, databaseUrl);
    try {
      const key = await signInTo(base, 'crash', 'crash-password');
      const { body, contentType } = multipartBody([
        { name: 'file_id', content: String(fileIds[0]) },
        { name: 'sub_lang', content: 'en' },
        { name: 'subtitle_file', filename: 'slow.srt', content: SRT.repeat(400) },
      ]);
      const upload = rawRequest(base, {
        method: 'POST',
        path: '/api/files/sub',
        headers: { 'x-apikey': key, 'content-type': contentType },
        body,
        trickle: { bytes: 512, everyMs: 20 },
        timeoutMs: 10_000,
      });
      await expect.poll(() => uploadFiles(dataDir).length, { timeout: 10_000, interval: 20 }).toBe(1); // mid-upload
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      await Promise.allSettled([upload]);
      // The live node's next sweeps (every second here, 5 minutes by default) remove the dead folder.
      await expect.poll(() => uploadFiles(dataDir).length, { timeout: 15_000, interval: 100 }).toBe(0);
      expect(fs.readdirSync(path.join(dataDir, 'tmp')).filter((name) => name.startsWith('owner-'))).toEqual([live.app.store.ownFolder]);
    } finally {
      child.kill('SIGKILL');
      await live.app.close();
    }
  }, 90_000);

  it('a folder of another machine sharing the data folder goes only once its owner stops touching it', async () => {
    const { dataDir } = await setUp();
    const s = await startServer({}, dataDir);
    try {
      const tmpDir = path.join(dataDir, 'tmp');
      const folder = path.join(tmpDir, `owner-${'m'.repeat(24)}`);
      fs.mkdirSync(folder);
      fs.writeFileSync(path.join(folder, MACHINE_FILE), 'another machine'); // its socket cannot be asked from here
      fs.writeFileSync(path.join(folder, 'upload-abc'), 'an upload in flight there');
      expect(await sweepTempFiles(s.app.store)).toBe(0);
      expect(fs.existsSync(path.join(folder, 'upload-abc'))).toBe(true);
      const untouched = new Date(Date.now() - STALE_ENTRY_MS - 60_000);
      fs.utimesSync(path.join(folder, MACHINE_FILE), untouched, untouched);
      expect(await sweepTempFiles(s.app.store)).toBe(1);
      expect(fs.existsSync(folder)).toBe(false);
    } finally {
      await s.app.close();
    }
  }, 90_000);

  // The killed server stays a zombie (its parent, a shell turned `sleep`, never reaps it): its process id
  // still "exists" for kill(pid, 0), as a reused pid would. Its temp files must go all the same.
  it.runIf(ENGINE === 'sqlite')(
    'SIGKILL mid-upload, restart: 0 temp files left, 10 runs of 10',
    async () => {
      const { dataDir, fileIds } = await setUp();
      const counts: number[] = [];
      for (let run = 0; run < 10; run++) {
        const server = [process.execPath, ...serverCommand('main')].map((arg) => JSON.stringify(arg)).join(' ');
        const shell = spawn('sh', ['-c', `${server} & echo $!; exec sleep 120`], {
          cwd: ROOT,
          env: serverEnv(dataDir, undefined),
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        shell.stdout!.on('data', (d: Buffer) => (out += d.toString()));
        try {
          await expect.poll(() => /listening on (http:\/\/\S+)/.test(out), { timeout: 30_000, interval: 50 }).toBe(true);
          const serverPid = Number(out.split('\n')[0]);
          const base = /listening on (http:\/\/\S+)/.exec(out)![1]!;
          const key = await signInTo(base, 'crash', 'crash-password');
          const uploads = [0, 1, 2].map((i) => {
            const { body, contentType } = multipartBody([
              { name: 'file_id', content: String(fileIds[i]) },
              { name: 'sub_lang', content: 'en' },
              { name: 'subtitle_file', filename: `slow-${run}-${i}.srt`, content: SRT.repeat(400) },
            ]);
            return rawRequest(base, {
              method: 'POST',
              path: '/api/files/sub',
              headers: { 'x-apikey': key, 'content-type': contentType },
              body,
              trickle: { bytes: 512, everyMs: 20 },
              timeoutMs: 10_000,
            });
          });
          await expect.poll(() => uploadFiles(dataDir).length, { timeout: 10_000, interval: 20 }).toBe(3); // mid-upload
          process.kill(serverPid, 'SIGKILL');
          await Promise.allSettled(uploads);
          const state = () => fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').replace(/^\d+ \(.*\) /, '')[0];
          await expect.poll(state, { timeout: 5_000, interval: 20 }).toBe('Z'); // dead but not reaped: kill(pid, 0) succeeds
          // The main thread shows as a zombie while the process's other threads may still be ending (one in
          // disk I/O on a busy machine): its files, the ownership socket among them, close with the last one.
          await expect.poll(() => fs.readdirSync(`/proc/${serverPid}/task`).length, { timeout: 10_000, interval: 20 }).toBe(1);
          const s = await startServer({}, dataDir);
          counts.push(uploadFiles(dataDir).length);
          await s.app.close();
        } finally {
          shell.kill('SIGKILL'); // sleep ends; the zombie is reaped by init
        }
      }
      console.log(`temp files after each restart: ${JSON.stringify(counts)}`);
      expect(counts).toEqual(Array(10).fill(0));
    },
    240_000,
  );
});

describe('webhooks and kill -9', () => {
  it('a change whose node is killed while sending its webhook still goes out, once, from the next node', async () => {
    // The receiver holds the first POST unanswered (the node dies mid-send), then answers 200.
    const received: { id: string; type: string }[] = [];
    let held: (() => void) | null = null;
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ id: String(req.headers['webhook-id']), type: JSON.parse(Buffer.concat(chunks).toString()).type });
        if (received.length === 1) held = () => res.destroy();
        else res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    const webhooks = { allowHosts: [host], backoffMs: [1000], pollMs: 20 };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-crash-hooks-'));
    const databaseUrl = ENGINE === 'postgres' ? await createTestDatabase() : undefined;
    try {
      let s = await startServer({ databaseUrl, webhooks }, dataDir);
      await s.addAccount('hooked', 'hooked-password', 1);
      const key = await s.login('hooked', 'hooked-password');
      const created = await s.request('POST', '/api/webhooks', { key, json: { url: `http://${host}/hook`, events: ['file.updated'] } });
      expect(created.status, created.text).toBe(200);
      const webhookId = created.body.data.webhook.id as number;
      const [fileId] = ((await s.request('GET', '/api/files/', { key })).body.data.files as { file_id: number }[]).map((f) => f.file_id);
      await s.app.close();

      const { child, base } = await spawnServer(dataDir, databaseUrl, { VP_WEBHOOK_ALLOW_HOSTS: host });
      const processKey = await signInTo(base, 'hooked', 'hooked-password');
      const edit = await rawRequest(base, {
        method: 'PUT',
        path: `/api/files/${fileId}`,
        headers: { 'x-apikey': processKey, 'content-type': 'application/json' },
        body: JSON.stringify({ file_title: 'Changed before the kill' }),
      });
      expect(edit.status, edit.body).toBe(200);
      await expect.poll(() => received.length, { timeout: 10_000, interval: 20 }).toBe(1);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      held!();

      // The next node runs on the suite's clock: moved past the killed node's lease (real time, its
      // timeout and 30 s), after which the delivery is due again.
      s = await startServer({ databaseUrl, webhooks }, dataDir);
      try {
        s.advance(Date.now() + 60_000 - s.now.value);
        const laterKey = await s.login('hooked', 'hooked-password'); // a key of the moved clock
        const log = async () =>
          (await s.request('GET', `/api/webhooks/${webhookId}/deliveries`, { key: laterKey })).body.data.deliveries as {
            event_id: string;
            state: string;
            attempts: { status_code: number | null }[];
          }[];
        await expect.poll(async () => (await log())[0]?.state, { timeout: 20_000, interval: 50 }).toBe('delivered');
        // Long past any retry: nothing more is sent.
        for (let i = 0; i < 10; i++) {
          s.advance(5000);
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        const [delivery] = await log();
        expect(received).toEqual([
          { id: delivery!.event_id, type: 'file.updated' },
          { id: delivery!.event_id, type: 'file.updated' },
        ]);
        expect((await log()).map((d) => d.attempts.map((a) => a.status_code))).toEqual([[200]]);
      } finally {
        await s.app.close();
      }
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
