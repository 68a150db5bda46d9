import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_OPTIONS } from '../src/cli';
import { newWorkerToken } from '../src/lib/tokens';
import { JobsRepository } from '../src/db/jobs-repository';
import { PROCESS_FILE } from '../src/db/job-kinds';
import { workerTokenCommand } from '../src/pipeline/worker-token-commands';
import { PIPELINE_TOKEN_NEEDED } from '../src/plugins/pipeline-auth';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';

const REFUSED = { status: 'error', message: PIPELINE_TOKEN_NEEDED };

/** `worker-token create NAME` as the CLI runs it; returns the token it prints once. */
async function createToken(s: TestServer, name: string): Promise<string> {
  const lines = await workerTokenCommand(s.app.db, 'create', name, s.now.value);
  expect(lines[0]).toBe(`Worker token "${name}" created. It is shown this once (only its hash is stored):`);
  return lines[1]!;
}

const pipeline = (s: TestServer, token: string, method: string, url: string, json?: unknown) =>
  s.request(method, `/api/pipeline${url}`, { json, headers: { 'x-pipeline-token': token } });

/** The row of `worker-token list` for a name, split into its columns. */
async function listed(s: TestServer, name: string): Promise<string[] | undefined> {
  const lines = await workerTokenCommand(s.app.db, 'list', undefined, s.now.value);
  expect(lines[0]).toBe('NAME\tCREATED\tLAST USED\tREVOKED');
  return lines.map((line) => line.split('\t')).find((columns) => columns[0] === name);
}

const workerNamed = async (s: TestServer, token: string, name: string) => {
  const res = await pipeline(s, token, 'GET', '/workers');
  expect(res.status).toBe(200);
  return (res.body.data.workers as { name: string; last_seen_at: string | null; jobs_done: number }[]).find((w) => w.name === name);
};

const iso = (ms: number) => new Date(ms).toISOString();

describe('worker tokens', () => {
  let s: TestServer; // no VP_PIPELINE_TOKEN, no worker: the pipeline API is on only through worker tokens
  let key: string;

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('operator', 'operator-password', 0);
    key = await s.login('operator', 'operator-password');
  });
  afterAll(() => s.close());

  it('a created token works on the pipeline API, is listed with its last use, and is not stored in clear', async () => {
    const before = await pipeline(s, 'not-a-token', 'GET', '/files');
    expect(before.status).toBe(401);
    expect(before.body).toEqual(REFUSED);

    const token = await createToken(s, 'gpu-1');
    expect(token).toMatch(/^vpw_[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect((await pipeline(s, token, 'GET', '/files')).status).toBe(200);
    expect(await listed(s, 'gpu-1')).toEqual(['gpu-1', iso(s.now.value), iso(s.now.value), '-']);
    expect(await workerNamed(s, token, 'gpu-1')).toEqual({
      name: 'gpu-1',
      token: true,
      created_at: iso(s.now.value),
      revoked_at: null,
      last_seen_at: iso(s.now.value),
      current_file_id: null,
      jobs_done: 0,
      jobs_failed: 0,
    });

    const text = await s.databaseText();
    expect(text).toContain('gpu-1');
    expect(text).not.toContain(token);
    await expect(workerTokenCommand(s.app.db, 'create', 'gpu-1', s.now.value)).rejects.toThrow(
      'A worker token named "gpu-1" already exists (a revoked token keeps its name).',
    );
  });

  it('every token can be typed after --token: none is taken for an option (a bare base64url one was, 1 in 64)', () => {
    for (let i = 0; i < 2_000; i++) {
      const token = newWorkerToken();
      const { values } = parseArgs({ args: ['--api', 'https://host', '--token', token], options: WORKER_OPTIONS });
      expect(values.token).toBe(token);
    }
  });

  it('records the last use at most once a minute', async () => {
    const token = await createToken(s, 'steady');
    const first = s.now.value;
    expect((await pipeline(s, token, 'GET', '/files')).status).toBe(200);
    s.advance(59_000);
    expect((await pipeline(s, token, 'GET', '/files')).status).toBe(200);
    expect((await listed(s, 'steady'))?.[2]).toBe(iso(first)); // within the minute: not written again
    s.advance(1_000);
    expect((await pipeline(s, token, 'GET', '/files')).status).toBe(200);
    expect((await listed(s, 'steady'))?.[2]).toBe(iso(first + 60_000));
  });

  it('a revoked token is refused at its next call, on this node and on another one on the same database', async () => {
    const token = await createToken(s, 'leaving');
    const other = await startServer({}, s.dataDir);
    try {
      expect((await pipeline(s, token, 'GET', '/files')).status).toBe(200);
      expect((await pipeline(other, token, 'GET', '/files')).status).toBe(200);
      expect(await workerTokenCommand(s.app.db, 'revoke', 'leaving', s.now.value)).toEqual([
        'Worker token "leaving" revoked: its next call to the pipeline API is refused.',
      ]);
      for (const node of [s, other]) {
        const refused = await pipeline(node, token, 'GET', '/files');
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual(REFUSED);
      }
      expect((await listed(s, 'leaving'))?.[3]).toBe(iso(s.now.value));
      await expect(workerTokenCommand(s.app.db, 'revoke', 'leaving', s.now.value)).rejects.toThrow(
        'There is no live worker token "leaving".',
      );
    } finally {
      await other.app.close(); // its folder and database are the first server's
    }
  });

  it("lists a job's holder with its current file, and counts the files a token's worker reported", async () => {
    const token = await createToken(s, 'reporter');
    const added = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Held', content: await tinyClip() }) });
    const fileId: number = added.body.data.file.file_id;
    const job = await new JobsRepository(s.app.db).claim('holder-1', [PROCESS_FILE], 60_000);
    expect(job?.payload).toMatchObject({ file_id: fileId });
    expect(await workerNamed(s, token, 'holder-1')).toMatchObject({ token: false, current_file_id: fileId });

    const done = await pipeline(s, token, 'PUT', `/files/${fileId}`, { file_status: 10, file_rendition: `files/${fileId}-x/master.m3u8` });
    expect(done.status).toBe(200);
    const again = await pipeline(s, token, 'PUT', `/files/${fileId}`, { file_status: 10 }); // reported twice, ended once
    expect(again.status).toBe(200);
    expect(await workerNamed(s, token, 'reporter')).toMatchObject({ token: true, jobs_done: 1, jobs_failed: 0 });
    expect(await workerNamed(s, token, 'holder-1')).toBeUndefined(); // its job ended with the file
  });
});

describe('the workers list', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startServer({ pipelineToken: 'pipeline-token-for-tests-0123456789', worker: FAST_WORKER });
    await s.addAccount('operator', 'operator-password', 0);
  });
  afterAll(() => s.close());

  it('shows a worker that processed a file, with its count', async () => {
    const key = await s.login('operator', 'operator-password');
    const named = () => workerNamed(s, 'pipeline-token-for-tests-0123456789', FAST_WORKER.name);
    const before = (await named())?.jobs_done ?? 0; // a retry of this test finds the first try's job counted
    const added = await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Processed', content: await tinyClip() }) });
    await waitForStatus(s, key, added.body.data.file.file_id, [4, 7, 10]);
    // The worker's counts are written as its job ends, just after the status it reported.
    await expect.poll(async () => (await named())?.jobs_done, { timeout: 10_000 }).toBe(before + 1);
    const worker = await named();
    expect(worker).toMatchObject({
      token: false,
      created_at: null,
      revoked_at: null,
      current_file_id: null,
      jobs_done: before + 1,
      jobs_failed: 0,
    });
    expect(worker?.last_seen_at).not.toBeNull();
  });
});
