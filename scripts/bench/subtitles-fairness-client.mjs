// The upload-fairness bench's clients, each run as its own process (so that sending 5 MB never delays
// the light client's own event loop). Input: BENCH_UPLOAD_FAIRNESS_CONFIG, JSON { role, url, key, seconds,
// delayMs, fileId, file }. role "light": one account's GET /api/files/?limit=10, sequential, timed for
// `seconds` after `delayMs` and a warm-up; output { times: [ms…], errors }. role "upload": another account
// uploads `file` (a 5 MB .srt) to `fileId` back to back for `seconds`; output { times: [ms…], errors }.
import { readFileSync } from 'node:fs';

const { role, url, key, seconds = 15, delayMs = 0, fileId, file } = JSON.parse(process.env.BENCH_UPLOAD_FAIRNESS_CONFIG);
const bytes = role === 'upload' ? readFileSync(file) : null;

async function light() {
  const res = await fetch(`${url}/api/files/?limit=10`, { headers: { 'x-apikey': key }, signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  return res.status === 200;
}

async function upload() {
  const form = new FormData();
  form.append('file_id', String(fileId));
  form.append('sub_lang', 'ru');
  form.append('subtitle_file', new Blob([bytes]), 'big.srt');
  const res = await fetch(`${url}/api/files/sub`, {
    method: 'POST',
    headers: { 'x-apikey': key },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  await res.arrayBuffer();
  return res.status === 200;
}

const request = role === 'upload' ? upload : light;
await new Promise((r) => setTimeout(r, delayMs));
if (role === 'light') for (let i = 0; i < 10; i++) await light(); // warm-up
const times = [];
let errors = 0;
const end = performance.now() + seconds * 1000;
while (performance.now() < end) {
  const t0 = performance.now();
  const ok = await request().catch(() => false);
  if (ok) times.push(performance.now() - t0);
  else errors++;
}
process.stdout.write(JSON.stringify({ times, errors }) + '\n');
