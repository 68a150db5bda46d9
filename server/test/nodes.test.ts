import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverArgs } from '../../test/support/server.mjs';
import { createTestDatabase, dropTestDatabase, ENGINE, SRT, startServer, uploadForm, type TestServer } from './helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');

// Two servers on one database (one PostgreSQL database, or one SQLite data folder) are one service.
describe('two nodes on one database', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startServer({ signInPolicy: { pairAllowance: 6 } });
    b = await startServer({ signInPolicy: { pairAllowance: 6 } }, a.dataDir);
    await a.addAccount('shared', 'shared-password', 30);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it('accepts on node B a key issued by node A', async () => {
    const key = await a.login('shared', 'shared-password');
    const res = await b.request('GET', '/api/files/?limit=5', { key });
    expect(res.status).toBe(200);
    expect(res.body.data.pagination.total_records).toBe(30);
  });

  it('reads on node B an edit made on node A, in the file and in list and search', async () => {
    const key = await a.login('shared', 'shared-password');
    const [first] = (await a.request('GET', '/api/files/?limit=1&sort_by=file_id&order=asc', { key })).body.data.files;
    const edit = await a.request('PUT', `/api/files/${first.file_id}`, { key, json: { file_title: 'Quokka sunrise', isActive: 0 } });
    expect(edit.status).toBe(200);
    expect((await b.request('GET', `/api/files/${first.file_id}`, { key })).body.data).toMatchObject({
      file_title: 'Quokka sunrise',
      isActive: 0,
    });
    const found = await b.request('GET', '/api/files/?search=quokka', { key });
    expect(found.body.data.files.map((f: { file_id: number }) => f.file_id)).toEqual([first.file_id]);
    const inactive = await b.request('GET', '/api/files/?isActive=0&limit=100', { key });
    expect(inactive.body.data.files.map((f: { file_id: number }) => f.file_id)).toContain(first.file_id);
  });

  it('lists and serves on node B a subtitle uploaded on node A', async () => {
    const key = await a.login('shared', 'shared-password');
    const [file] = (await a.request('GET', '/api/files/?limit=1', { key })).body.data.files;
    const up = await a.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'talk.srt', content: SRT }, file_id: file.file_id, sub_lang: 'de' }),
    });
    expect(up.status).toBe(200);
    const listed = await b.request('GET', `/api/subs/?file_id=${file.file_id}`, { key });
    expect(listed.body.data.subs).toEqual([up.body.data.sub]);
    const content = await b.request('GET', `/api/subs/${up.body.data.sub.sub_id}/content`, { key });
    expect(content.status).toBe(200);
    expect(content.text).toBe(SRT);
  });

  it('serves on node B the subtitle text saved on node A; saves from one version on both nodes: one wins', async () => {
    const key = await a.login('shared', 'shared-password');
    const [file] = (await a.request('GET', '/api/files/?limit=1', { key })).body.data.files;
    await a.request('PUT', `/api/files/${file.file_id}`, { key, json: { isActive: 1 } });
    const sub = (
      await a.request('POST', '/api/files/sub', {
        key,
        body: uploadForm({ file: { name: 'edit.srt', content: SRT }, file_id: file.file_id, sub_lang: 'de' }),
      })
    ).body.data.sub;
    const opened = await b.request('GET', `/api/subs/${sub.sub_id}/vtt`, { key });
    const save = (node: TestServer, line: string) =>
      node.request('PUT', `/api/subs/${sub.sub_id}/content`, {
        key,
        body: opened.text.replace('Second line', line),
        headers: { 'content-type': 'text/vtt', 'if-match': opened.headers.get('etag')! },
      });
    const [onA, onB] = await Promise.all([save(a, 'saved on A'), save(b, 'saved on B')]);
    expect([onA.status, onB.status].sort()).toEqual([200, 412]);
    const winner = onA.status === 200 ? 'saved on A' : 'saved on B';
    const played = await fetch(`${b.base}/player/${encodeURIComponent(file.file_slug)}/subtitles/${sub.sub_id}.vtt`);
    expect(await played.text()).toBe(opened.text.replace('Second line', winner));
    expect((await a.request('GET', `/api/subs/${sub.sub_id}/vtt`, { key })).text).toBe(opened.text.replace('Second line', winner));
  });

  it('ends on node A a session signed out on node B', async () => {
    const key = await a.login('shared', 'shared-password');
    expect((await b.request('POST', '/api/auth/logout', { key })).status).toBe(200);
    const res = await a.request('GET', '/api/files/', { key });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session has ended. Please sign in again.');
  });

  it('throttles wrong passwords spread over both nodes together', async () => {
    await a.addAccount('target', 'target-password', 0);
    for (let i = 0; i < 6; i++) {
      const node = i % 2 ? b : a;
      expect((await node.request('POST', '/api/auth/login', { json: { username: 'target', password: `wrong-${i}` } })).status).toBe(401);
    }
    for (const node of [a, b]) {
      const res = await node.request('POST', '/api/auth/login', { json: { username: 'target', password: 'target-password' } });
      expect(res.status).toBe(429);
    }
  });
});

/** Starts the real server process with an environment; returns its exit code and output. */
function startProcess(env: Record<string, string>): { status: number | null; stderr: string; stdout: string } {
  const run = spawnSync(process.execPath, serverArgs('main'), {
    env: { ...process.env, PORT: '0', VP_DEMO: '0', VP_DATA_DIR: path.join(ROOT, '.tmp-never-created'), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, stderr: run.stderr, stdout: run.stdout };
}

describe('a database that cannot be used', () => {
  it('stops the start with one clear line when DATABASE_URL points nowhere', () => {
    const run = startProcess({ DATABASE_URL: 'postgres://vp:secret@127.0.0.1:1/nowhere' });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot use the database at postgres:\/\/vp:\*\*\*@127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED/);
  });

  it('stops the start with one clear line when DATABASE_URL is not a PostgreSQL URL', () => {
    const run = startProcess({ DATABASE_URL: 'mysql://x@y/z' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('DATABASE_URL must start with postgres://, got mysql://x@y/z');
  });

  it.runIf(ENGINE === 'postgres')('stops the start with one clear line on a wrong password', () => {
    const url = new URL(process.env.VP_TEST_DATABASE_URL!);
    url.password = 'not-the-password';
    const run = startProcess({ DATABASE_URL: url.toString() });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/password authentication failed/);
    expect(run.stderr).not.toContain('not-the-password');
  });
});

/** A TCP relay in front of PostgreSQL that the test can cut and restore, as if the database went away. */
async function relayTo(target: URL): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    await new Promise<void>((resolve) => {
      server!.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

describe.runIf(ENGINE === 'postgres')('PostgreSQL going away mid-run', () => {
  it('answers 503 envelopes while it is gone, and recovers by itself when it is back', async () => {
    const databaseUrl = await createTestDatabase();
    const relay = await relayTo(new URL(databaseUrl));
    const viaRelay = new URL(databaseUrl);
    viaRelay.host = `127.0.0.1:${relay.port}`;
    const s = await startServer({ databaseUrl: viaRelay.toString() });
    try {
      await s.addAccount('steady', 'steady-password', 20);
      const key = await s.login('steady', 'steady-password');
      expect((await s.request('GET', '/api/files/', { key })).status).toBe(200);

      await relay.cut();
      for (const [method, url] of [
        ['GET', '/api/files/'],
        ['GET', '/api/files/?search=a'],
        ['PUT', '/api/files/1'],
      ] as const) {
        const res = await s.request(method, url, { key, json: method === 'PUT' ? { file_title: 'x' } : undefined });
        expect(res.status, `${method} ${url}`).toBe(503);
        expect(res.body).toEqual({ status: 'error', message: 'The service is temporarily unavailable. Please try again in a moment.' });
      }
      const login = await s.request('POST', '/api/auth/login', { json: { username: 'steady', password: 'steady-password' } });
      expect(login.status).toBe(503);

      await relay.restore();
      expect((await s.request('GET', '/api/files/', { key })).status).toBe(200);
      expect((await s.request('POST', '/api/auth/login', { json: { username: 'steady', password: 'steady-password' } })).status).toBe(200);
    } finally {
      await s.app.close();
      await relay.close();
      await dropTestDatabase(databaseUrl);
    }
  });
});
