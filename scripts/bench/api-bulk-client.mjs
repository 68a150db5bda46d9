// The bulk job bench's client, run as its own process: POST /api/files/bulk over a filter (the count the
// list gives as expected_count), then another account's light request (`GET /api/files/?limit=10`),
// sequential, while GET /api/jobs/:id is read every 100 ms until the job has ended; then, untimed, the
// job's undo, so that the account is as it was for the next run (on kept data). Input:
// BENCH_BULK_CONFIG (JSON { url, bulkKey, lightKey, filter, action }); output: one JSON line on stdout
// { matched, jobMs, serverMs, state, counts, light: [ms…], lightErrors } (serverMs: the job's own
// created_at → finished_at, without the client's 100 ms reads).
const { url, bulkKey, lightKey, filter, action = 'deactivate' } = JSON.parse(process.env.BENCH_BULK_CONFIG);

async function call(path, key, init = {}) {
  const t0 = performance.now();
  const res = await fetch(`${url}${path}`, { ...init, headers: { 'x-apikey': key, ...init.headers }, signal: AbortSignal.timeout(60_000) });
  const text = await res.text();
  return { ms: performance.now() - t0, status: res.status, json: () => JSON.parse(text) };
}

for (let i = 0; i < 10; i++) await call('/api/files/?limit=10', lightKey); // warm-up
const query = new URLSearchParams(Object.entries({ ...filter, limit: 1 }).map(([k, v]) => [k, String(v)]));
const listed = (await call(`/api/files/?${query}`, bulkKey)).json().data;
const matched = listed.pagination.total_records;
// A warm-up job first, as every case has warm-up requests: it activates one file the filter (active
// files) lists, which is already active (its result 'unchanged'), so the data stays as it was and the
// timed job finds the node's job worker and SQLite's writer thread started.
const warmUp = await call('/api/files/bulk', bulkKey, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': `bench-warm-up-${Date.now()}` },
  body: JSON.stringify({ action: 'activate', ids: [listed.files[0].file_id] }),
});
if (warmUp.status !== 202) throw new Error(`the warm-up POST /api/files/bulk → HTTP ${warmUp.status}`);
const warmedUp = await untilEnded(warmUp.json().data.job.id);
if (warmedUp.counts.unchanged !== 1) throw new Error(`the warm-up job changed something: ${JSON.stringify(warmedUp.counts)}`);
const started = performance.now();
const posted = await call('/api/files/bulk', bulkKey, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${Date.now()}` },
  body: JSON.stringify({ action, filter, expected_count: matched }),
});
if (posted.status !== 202) throw new Error(`POST /api/files/bulk → HTTP ${posted.status}`);
const jobId = posted.json().data.job.id;

/** Reads the job every 100 ms until it has ended; resolves to its last state. */
async function untilEnded(id) {
  for (;;) {
    const state = (await call(`/api/jobs/${id}?limit=1`, bulkKey)).json().data.job;
    if (state.state === 'done' || state.state === 'failed') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let job = null;
const watch = untilEnded(jobId).then((last) => {
  job = last;
  return performance.now() - started;
});
let ended = false;
const jobMs = watch.finally(() => (ended = true));
const light = [];
let lightErrors = 0;
while (!ended) {
  const r = await call('/api/files/?limit=10', lightKey);
  if (r.status === 200) light.push(r.ms);
  else lightErrors++;
}
const serverMs = Date.parse(job.finished_at) - Date.parse(job.created_at);
const result = { matched, jobMs: await jobMs, serverMs, state: job.state, counts: job.counts, light, lightErrors };
const undo = await call(`/api/jobs/${jobId}/undo`, bulkKey, { method: 'POST', headers: { 'idempotency-key': `bench-undo-${jobId}` } });
if (undo.status !== 202) throw new Error(`POST /api/jobs/${jobId}/undo → HTTP ${undo.status}`);
const undone = await untilEnded(undo.json().data.job.id);
if (undone.state !== 'done') throw new Error(`the undo of job ${jobId} ended ${undone.state}`);
process.stdout.write(JSON.stringify(result) + '\n');
