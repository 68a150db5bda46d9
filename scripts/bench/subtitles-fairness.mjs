// The upload-fairness row of `npm run bench -- subtitles` (the shape of the search-fairness row of api.mjs):
// the reference server (SQLite, a temporary data folder), account "light" (1,000 files) asks
// GET /api/files/?limit=10 in a loop, alone and then while account "uploader" uploads a 5 MB windows-1251
// .srt back to back; each from a client process of its own (subtitles-fairness-client.mjs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import { signInByApi } from '../../test/support/sign-in.mjs';
import { fmtMs, removeDir, runChild, runCli, startServer, stats, tempDir } from './common.mjs';

const PASSWORD = 'bench-password-uploads';
const LIGHT_BUDGET = 50;
const MAX_BYTES = 5 * 1024 * 1024;
const LINES = ['Привет! Как дела?', 'Я не знаю, что сказать.', 'Это было очень давно, в далёкой галактике.', 'Пойдём домой, уже поздно.'];

const pad = (n, width = 2) => String(n).padStart(width, '0');
const clock = (ms) =>
  `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;

/** A windows-1251 .srt of Russian dialogue, as many whole cues as fit in 5 MB (the upload limit). */
function fiveMegabyteSrt() {
  const blocks = [];
  let size = 0;
  for (let n = 0; ; n++) {
    const block = iconv.encode(
      `${n + 1}\r\n${clock(n * 2000 + 1000)} --> ${clock(n * 2000 + 2500)}\r\n${LINES[n % LINES.length]}\r\n\r\n`,
      'windows-1251',
    );
    if (size + block.length > MAX_BYTES) return Buffer.concat(blocks);
    blocks.push(block);
    size += block.length;
  }
}

const figure = (s) => `p50 ${fmtMs(s.p50)} / p95 ${fmtMs(s.p95)} / p99 ${fmtMs(s.p99)} ms (n=${s.n}, max ${fmtMs(s.max)})`;

export async function measureUploadFairness({ seconds = 15 } = {}) {
  const dataDir = tempDir('vp-bench-subtitles-');
  const env = { VP_DATA_DIR: dataDir, VP_DEMO: '0' };
  let server;
  try {
    await runCli(['seed', '--account', 'light', '--password', PASSWORD, '--files', '1000'], env, 120_000);
    await runCli(['seed', '--account', 'uploader', '--password', PASSWORD, '--files', '10'], env, 120_000);
    server = await startServer({ dataDir, demo: false, extraEnv: { VP_ACCOUNT_QUOTA_BYTES: String(2 ** 40) } });
    const lightKey = await signInByApi(server.url, 'light', PASSWORD);
    const heavyKey = await signInByApi(server.url, 'uploader', PASSWORD);
    const files = await (await fetch(`${server.url}/api/files/?limit=1`, { headers: { 'x-apikey': heavyKey } })).json();
    const file = join(dataDir, 'big.srt');
    const bytes = fiveMegabyteSrt();
    writeFileSync(file, bytes);
    const client = (config) =>
      runChild('subtitles-fairness-client.mjs', 'BENCH_UPLOAD_FAIRNESS_CONFIG', { url: server.url, ...config }, 5 * 60_000);
    console.log(`[subtitles] upload fairness: the light request alone, then beside 5 MB uploads back to back (${seconds} s each) …`);
    const alone = await client({ role: 'light', key: lightKey, seconds: Math.min(10, seconds) });
    // The uploads start first and go on a little longer than the timed light requests.
    const [uploads, loaded] = await Promise.all([
      client({ role: 'upload', key: heavyKey, fileId: files.data.files[0].file_id, file, seconds: seconds + 3 }),
      client({ role: 'light', key: lightKey, seconds, delayMs: 1500 }),
    ]);
    const a = stats(alone.times);
    const l = stats(loaded.times);
    const u = stats(uploads.times);
    return [
      {
        name: 'upload fairness: light request of another account (limit=10), alone (anchor)',
        figure: figure(a),
        budget: '–',
        status: '–',
        note: `${(a.n / Math.min(10, seconds)).toFixed(0)} req/s sequential`,
      },
      {
        name: `upload fairness: the same light request while another account uploads a ${(bytes.length / 1e6).toFixed(2)} MB windows-1251 .srt back to back (SQLite)`,
        figure: figure(l),
        budget: `p99 ≤ ${LIGHT_BUDGET} ms`,
        status: l.p99 <= LIGHT_BUDGET && !loaded.errors && u.n > 0 ? 'PASS' : 'FAIL',
        note: `uploads: ${u.n} done in ${seconds + 3} s, p50 ${fmtMs(u.p50)} ms, ${uploads.errors} errors; light errors: ${loaded.errors}`,
      },
    ];
  } finally {
    await server?.stop();
    removeDir(dataDir);
  }
}
