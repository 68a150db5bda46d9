// The analytics bench's viewers, run as their own process: `viewers` player pages, each beating every
// `everyMs` (POST /api/beats, as the player's sendBeacon does: no key, a random session per page load)
// for `seconds`, their first beats spread over the first interval; halfway through, a probe session on a
// file no viewer plays, then its stats read every 200 ms until its view shows. Input:
// BENCH_VIEWERS_CONFIG (JSON { url, slugs, viewers, everyMs, seconds, probe: { slug, id, key } });
// output: one JSON line { beats: [ms…], refused: { status: n }, errors, probeVisibleMs, probeSeen }.
import { randomBytes } from 'node:crypto';

const { url, slugs, viewers, everyMs, seconds, probe } = JSON.parse(process.env.BENCH_VIEWERS_CONFIG);
const beats = [];
const refused = {};
let errors = 0;

async function beat(body) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/beats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' }, // as the player's sendBeacon sends its Blob
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const end = performance.now() + seconds * 1000;
const everySeconds = everyMs / 1000;

async function viewer(i) {
  const file = slugs[i % slugs.length];
  const session = randomBytes(16).toString('hex');
  await sleep((i / viewers) * everyMs);
  const host = `site-${i % 50}.example`;
  // The first beat: 10 s played since the page loaded (the page opened one interval earlier).
  for (let n = 1; performance.now() < end; n++) {
    const next = performance.now() + everyMs;
    try {
      const r = await beat({ file, session, position: (n * everySeconds) % 50, played: everySeconds, elapsed: everySeconds, host });
      if (r.status === 202) beats.push(r.ms);
      else refused[r.status] = (refused[r.status] ?? 0) + 1;
    } catch {
      errors++;
    }
    await sleep(Math.max(0, next - performance.now()));
  }
}

/** A view on the probe file, then its stats polled until they count it: the beat → roll-up delay. */
async function probeView() {
  await sleep((seconds * 1000) / 2);
  const r = await beat({
    file: probe.slug,
    session: randomBytes(16).toString('hex'),
    position: 4,
    played: 4,
    elapsed: 4,
    host: 'probe.example',
  });
  if (r.status !== 202) return { probeVisibleMs: null, probeSeen: `beat answered ${r.status}` };
  const sent = performance.now();
  while (performance.now() - sent < 120_000) {
    const res = await fetch(`${url}/api/files/${probe.id}/stats`, {
      headers: { 'x-apikey': probe.key },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.json();
    if (body?.data?.totals?.views >= 1) return { probeVisibleMs: performance.now() - sent, probeSeen: 'counted' };
    await sleep(200);
  }
  return { probeVisibleMs: null, probeSeen: 'not counted within 120 s' };
}

const [probeResult] = await Promise.all([probeView(), ...Array.from({ length: viewers }, (_, i) => viewer(i))]);
process.stdout.write(JSON.stringify({ beats, refused, errors, ...probeResult }) + '\n');
