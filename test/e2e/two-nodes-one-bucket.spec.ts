import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { makeTestClip } from '../../server/src/media/renditions';
import { createTestDatabase, dropTestDatabase } from '../../server/test/helpers';
import { startS3Server, type TestS3Server } from '../../server/test/s3-server';
import { ROOT, serverArgs, spawnServer } from '../support/server.mjs';
import { expect, signIn, test } from './fixtures';

/**
 * Media that outgrows one machine (issue 39), as an operator meets it: two nodes on one PostgreSQL
 * database and one bucket (s3rver on loopback), each with its own data folder and no shared one. A video
 * added on node A through the panel reaches Completed there, and plays in the player page of node B.
 */
test.describe.configure({ mode: 'serial' });
test.skip(!process.env.VP_TEST_DATABASE_URL, 'two nodes share one PostgreSQL database: set VP_TEST_DATABASE_URL (CI does)');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

interface Node {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** A node over its own data folder, the shared database and bucket; resolves once it answers. */
async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vp-e2e-node-'));
  const child = spawnServer({ port, dataDir, demo: false, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${url}/api/openapi.json`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
  return { url, child, dataDir };
}

async function stopNode(node: Node | undefined) {
  if (!node) return;
  await new Promise<void>((resolve) => {
    if (node.child.exitCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill('SIGTERM');
  });
  rmSync(node.dataDir, { recursive: true, force: true });
}

let s3: TestS3Server | undefined;
let databaseUrl: string | undefined;
let a: Node | undefined;
let b: Node | undefined;
let clipDir: string | undefined;
const account = { username: `e2e-${randomBytes(5).toString('hex')}`, password: `pw-${randomBytes(8).toString('hex')}` };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3 = await startS3Server();
  databaseUrl = await createTestDatabase();
  const env = { DATABASE_URL: databaseUrl, ...s3.environment(await s3.bucket('vp-e2e-media'), 'vp') };
  a = await startNode(env); // first alone: it migrates the new database
  b = await startNode(env);
  await promisify(execFile)(process.execPath, serverArgs('cli', ['user', 'add', account.username, '--password', account.password]), {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
});
test.afterAll(async () => {
  await Promise.all([stopNode(a), stopNode(b)]);
  if (databaseUrl) await dropTestDatabase(databaseUrl);
  await s3?.close();
  if (clipDir) rmSync(clipDir, { recursive: true, force: true });
});

test('a video added on node A through the panel reaches Completed and plays from node B, no folder shared', async ({ page, context }) => {
  test.setTimeout(180_000);
  clipDir = mkdtempSync(join(tmpdir(), 'vp-e2e-clip-'));
  const clip = join(clipDir, 'two-nodes.mp4');
  await makeTestClip(clip, { seconds: 3, width: 320, height: 240 });

  await signIn(page, account, a!.url);
  await page.goto(`${a!.url}/files`);
  await page.getByRole('button', { name: 'Add video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add video' });
  await dialog.getByLabel('Video file').setInputFiles(clip);
  await dialog.getByLabel('Title').fill('Across two nodes (e2e)');
  await dialog.getByRole('button', { name: 'Add video' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const row = page.locator('[role="row"][data-id]', { hasText: 'Across two nodes (e2e)' });
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 150_000 });

  // The player page of node B: its media come from the bucket, which node A's worker wrote.
  const href = await row.locator('[data-field="file_slug"] a').getAttribute('href');
  const player = await context.newPage();
  const errors: string[] = [];
  player.on('pageerror', (err) => errors.push(err.message));
  await player.goto(new URL(new URL(href!, a!.url).pathname, b!.url).href);
  await player.locator('media-play-button').click();
  const video = player.locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  expect(errors).toEqual([]);
});
