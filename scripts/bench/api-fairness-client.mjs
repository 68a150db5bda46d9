// The fairness bench's client, run as its own process: one account's light request
// (`GET /api/files/?limit=10`), sequential, timed for `seconds`, while `heavy` connections of another
// account run heavy searches back to back. Input: BENCH_FAIRNESS_CONFIG (JSON { url, lightKey,
// heavyKey, heavy, seconds }); output: one JSON line on stdout { light: [ms…], heavyDone, heavyErrors,
// heavyTimes: [ms…], lightErrors }.
const { url, lightKey, heavyKey, heavy = 8, seconds = 20 } = JSON.parse(process.env.BENCH_FAIRNESS_CONFIG);
const HEAVY_QUERIES = ['limit=100&search=a b c d e f g h', 'search=a&page=8000'];

async function get(query, key) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/files/?${query}`, { headers: { 'x-apikey': key }, signal: AbortSignal.timeout(60_000) });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, ok: res.status === 200 };
}

let running = true;
const heavyTimes = [];
let heavyErrors = 0;
const loops = Array.from({ length: heavy }, async (_, i) => {
  for (let n = 0; running; n++) {
    try {
      const r = await get(HEAVY_QUERIES[(i + n) % HEAVY_QUERIES.length], heavyKey);
      if (r.ok) heavyTimes.push(r.ms);
      else heavyErrors++;
    } catch {
      heavyErrors++;
    }
  }
});
// Let the heavy load build up before timing the light request.
if (heavy) await new Promise((r) => setTimeout(r, 1000));
for (let i = 0; i < 10; i++) await get('limit=10', lightKey); // warm-up
const light = [];
let lightErrors = 0;
const end = performance.now() + seconds * 1000;
while (performance.now() < end) {
  const r = await get('limit=10', lightKey);
  if (r.ok) light.push(r.ms);
  else lightErrors++;
}
running = false;
await Promise.all(loops);
process.stdout.write(JSON.stringify({ light, lightErrors, heavyDone: heavyTimes.length, heavyErrors, heavyTimes }) + '\n');
