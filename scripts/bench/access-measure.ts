// `npm run bench -- access` (issue 40, D62): what a signed link costs a viewer, through the reference
// server (its own process, production mode, SQLite). One clip uploaded twice: a file anyone may play and
// a file that needs signed links (VP_SIGNING_SECRET set). (a) The player page in Chromium, opened in a
// fresh context each time, from navigation to its first video frame (requestVideoFrameCallback), the
// unsigned page and a page from a freshly minted link taken in turns; (b) a segment fetched many times
// with the page's playback grant and the same segment of the unsigned file without one, in turns on one
// keep-alive connection: the difference per request is what checking the grant costs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { makeTestClip } from '../../server/src/media/renditions';
import { isRefusal, verify } from '../../server/src/player/signed-links';
import { signInByApi } from '../../test/support/sign-in.mjs';
import { fmtMs, percentile, runCli, startServer } from './common.mjs';

interface Options {
  samples: number;
  segmentRequests: number;
  launch: { executablePath: string; args: string[] };
}
const options = JSON.parse(process.argv[2] ?? '{}') as Options;

/** The budgets of docs/budgets.md. */
const FIRST_FRAME_RATIO = 1.1;
const GRANT_CHECK_MS = 0.2;

async function json(url: string, init: RequestInit = {}): Promise<{ data: Record<string, unknown> } & Record<string, unknown>> {
  const reply = await fetch(url, init);
  const body = (await reply.json()) as { data: Record<string, unknown> };
  if (!reply.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${reply.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Uploads the clip and waits until it is Completed; its id and slug. */
async function upload(base: string, headers: Record<string, string>, clip: string, title: string) {
  const form = new FormData();
  form.append('file_title', title);
  form.append('video_file', new Blob([new Uint8Array(fs.readFileSync(clip))]), 'clip.mp4');
  const added = await json(`${base}/api/files`, { method: 'POST', headers, body: form });
  const { file_id: fileId, file_slug: slug } = (added.data as { file: { file_id: number; file_slug: string } }).file;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const status = ((await json(`${base}/api/files/${fileId}`, { headers })).data as { file_status: number }).file_status;
    if (status === 10) return { fileId, slug };
    if (status < 0 || Date.now() > deadline) throw new Error(`${title} ended in status ${status}, not Completed`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Milliseconds from navigation to the first video frame presented, in a fresh context (no cache). */
async function firstFrame(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
  try {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const video = document.querySelector('video')!;
        video.requestVideoFrameCallback((now) => ((window as unknown as { firstFrame: number }).firstFrame = now));
      });
    });
    const page = await context.newPage();
    await page.goto(url);
    const handle = await page.waitForFunction(() => (window as unknown as { firstFrame?: number }).firstFrame, undefined, {
      timeout: 60_000,
    });
    return (await handle.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** Milliseconds of one GET of `url`'s first byte (a Range request: the check, not the transfer). */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const reply = await fetch(url, { headers: { range: 'bytes=0-0' } });
  await reply.arrayBuffer();
  const ms = performance.now() - started;
  if (reply.status !== 206 && reply.status !== 200) throw new Error(`${url}: HTTP ${reply.status}`);
  return ms;
}

/** The first segment of a master playlist's first variant; every URL with `grant` when given, as the player adds it. */
async function firstSegment(master: string, grant?: string): Promise<string> {
  const signed = (url: URL) => {
    if (grant) url.searchParams.set('grant', grant);
    return url;
  };
  const uris = async (url: URL) => {
    const reply = await fetch(url);
    if (!reply.ok) throw new Error(`${url.pathname}: HTTP ${reply.status}`);
    return (await reply.text())
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
  };
  const variant = signed(new URL((await uris(signed(new URL(master))))[0]!, master));
  return signed(new URL((await uris(variant))[0]!, variant)).href;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vp-bench-access-'));
const dataDir = path.join(dir, 'data');
const SECRET = 'bench-signing-secret';
const server = await startServer({ dataDir, demo: false, extraEnv: { VP_SIGNING_SECRET: SECRET } });
let browser: Browser | undefined;
try {
  await runCli(['seed', '--account', 'bench', '--password', 'bench-password', '--files', '0'], { VP_DATA_DIR: dataDir }, 120_000);
  const headers = { 'x-apikey': await signInByApi(server.url, 'bench', 'bench-password') };
  const clip = path.join(dir, 'clip.mp4');
  await makeTestClip(clip, { seconds: 6, width: 640, height: 360 });
  const open = await upload(server.url, headers, clip, 'Open clip');
  const signed = await upload(server.url, headers, clip, 'Signed clip');
  await json(`${server.url}/api/files/${signed.fileId}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ player_access: { embed: 'anywhere', sites: [], signed: true, allow_no_referrer: true } }),
  });
  const mint = async () =>
    (
      (await json(`${server.url}/api/files/${signed.fileId}/player-token`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ expires_in: 600 }),
      })) as { data: { url: string } }
    ).data.url;

  // (a) Time to first frame, the two pages in turns (a warm-up pair first, not counted).
  browser = await chromium.launch({ ...options.launch, headless: true, timeout: 60_000 });
  const unsignedUrl = `${server.url}/player/${open.slug}?autoplay=1`;
  await firstFrame(browser, unsignedUrl);
  await firstFrame(browser, `${await mint()}&autoplay=1`);
  const frames = { unsigned: [] as number[], signed: [] as number[] };
  for (let i = 0; i < options.samples; i++) {
    frames.unsigned.push(await firstFrame(browser, unsignedUrl));
    frames.signed.push(await firstFrame(browser, `${await mint()}&autoplay=1`));
  }

  // (b) A segment with the signed page's grant against the unsigned file's, in turns.
  const page = await (await fetch(await mint())).text();
  const signedMaster = new URL(/data-hls="([^"]+)"/.exec(page)![1]!.replaceAll('&amp;', '&'), server.url).href;
  const grant = new URL(signedMaster).searchParams.get('grant')!;
  const signedSegment = new URL(await firstSegment(signedMaster, grant));
  const openPage = await (await fetch(unsignedUrl)).text();
  const openSegment = await firstSegment(new URL(/data-hls="([^"]+)"/.exec(openPage)![1]!, server.url).href);
  // Refused without its grant: the check is on the path measured.
  const bare = new URL(signedSegment);
  bare.searchParams.delete('grant');
  const refused = await fetch(bare, { headers: { range: 'bytes=0-0' } });
  if (refused.status !== 403) throw new Error(`the signed file's segment without a grant answered ${refused.status}, not 403`);
  for (let i = 0; i < 200; i++) await Promise.all([timedGet(signedSegment.href), timedGet(openSegment)]);
  const segments = { unsigned: [] as number[], signed: [] as number[] };
  // In turns, each first every other time: neither gains from following the other.
  for (let i = 0; i < options.segmentRequests; i++) {
    if (i % 2) segments.unsigned.push(await timedGet(openSegment));
    segments.signed.push(await timedGet(signedSegment.href));
    if (!(i % 2)) segments.unsigned.push(await timedGet(openSegment));
  }
  // The check alone, in this process: what the difference above should be, without the machine's noise.
  const checks: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const started = performance.now();
    const claims = verify([SECRET], 'grant', grant, signed.fileId, Date.now() / 1000);
    checks.push(performance.now() - started);
    if (isRefusal(claims)) throw new Error(`the grant did not verify: ${claims.why}`);
  }

  const rows = [];
  for (const p of [50, 95] as const) {
    const unsigned = percentile(frames.unsigned, p);
    const withLink = percentile(frames.signed, p);
    const ratio = withLink / unsigned;
    rows.push({
      name: `player page → first video frame, signed link vs unsigned (Chromium, p${p} of ${options.samples} each, same run)`,
      figure: `${fmtMs(withLink)} vs ${fmtMs(unsigned)} ms: ${ratio.toFixed(2)}×`,
      budget: `≤ ${FIRST_FRAME_RATIO}×`,
      status: ratio <= FIRST_FRAME_RATIO ? 'PASS' : 'FAIL',
    });
  }
  for (const p of [50, 95] as const) {
    const cost = percentile(segments.signed, p) - percentile(segments.unsigned, p);
    rows.push({
      name: `a segment's grant check through the server: p${p} with a grant − p${p} of an unsigned file's (${options.segmentRequests} each, one keep-alive connection)`,
      figure: `${fmtMs(cost)} ms (${fmtMs(percentile(segments.signed, p))} vs ${fmtMs(percentile(segments.unsigned, p))} ms)`,
      budget: p === 95 ? `≤ ${GRANT_CHECK_MS} ms` : '–',
      status: p === 95 ? (cost <= GRANT_CHECK_MS ? 'PASS' : 'FAIL') : '–',
    });
  }
  rows.push({
    name: 'the grant check alone (verify: HMAC-SHA256 and the claims), in-process, p95 of 20,000',
    figure: `${percentile(checks.slice(2_000), 95).toFixed(4)} ms`,
    budget: '–',
    status: '–',
  });
  console.log(
    JSON.stringify({
      rows,
      notes: [
        `One 6 s 640×360 clip uploaded twice to the reference server (its own process, NODE_ENV=production, SQLite, VP_SIGNING_SECRET set): a file that plays anywhere and one that needs signed links. First frame: each page opened with autoplay in a fresh Chromium context (no cache), viewport 640×360, software rendering; the time is requestVideoFrameCallback's presentation time of the first frame, from navigation start; the signed page is opened from a link minted just before (POST /api/files/{id}/player-token, not timed), the two pages taken in turns after one warm-up pair.`,
        `Segment check: GET of the first segment (Range: bytes=0-0, so the transfer is one byte), the signed file's with the playback grant its page gave, the unsigned file's without, in turns on one keep-alive connection after 200 warm-up pairs; the signed file's segment without a grant was checked to answer 403. The difference of the percentiles is the grant check's cost per request (an HMAC over the grant; no database read: the file's access is the same cached lookup on both).`,
      ],
    }),
  );
} finally {
  await browser?.close();
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
