// The API bench's client, run as its own process: sequential `GET /api/files/` on loopback with Node's
// fetch (undici keeps the connection alive, so after the warm-up every request reuses one socket).
// Input: BENCH_API_CONFIG (JSON { url, apiKey, samples, warmup, caseMs }); output: one JSON line on stdout.
const { url, apiKey, samples = 200, warmup = 20, caseMs = 30_000 } = JSON.parse(process.env.BENCH_API_CONFIG);
const SORTS = ['file_id', 'file_server', 'file_title', 'file_slug', 'file_status', 'isActive', 'created_at', 'views_30d'];

// A fixed-seed PRNG (mulberry32): the same run asks for the same pages.
let seed = 0x5eed;
const rand = () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const randPage = (total, limit) => 1 + Math.floor(rand() * Math.max(1, Math.ceil(total / limit)));

async function get(params) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const t0 = performance.now();
  const res = await fetch(`${url}/api/files/?${qs}`, { headers: { 'x-apikey': apiKey }, signal: AbortSignal.timeout(10_000) });
  const body = await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET /api/files/?${qs} → HTTP ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  return { ms, json: () => JSON.parse(Buffer.from(body).toString()) };
}

async function measure(name, group, next) {
  for (let i = 0; i < warmup; i++) await get(next());
  const times = [];
  const start = performance.now();
  while (times.length < samples && performance.now() - start < caseMs) times.push((await get(next())).ms);
  const sorted = [...times].sort((a, b) => a - b);
  process.stderr.write(
    `  ${name}: n=${times.length}, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(2)} ms, p95 ${sorted[Math.ceil(sorted.length * 0.95) - 1]?.toFixed(2)} ms\n`,
  );
  return { name, group, times, capped: times.length < samples };
}

const first = (await get({ page: 1, limit: 10 })).json();
const total = first.data.pagination.total_records;
// Words and statuses that exist: read from 30 random 100-row pages.
const words = new Set();
const statuses = new Set();
for (let i = 0; i < 30; i++) {
  const page = (await get({ page: randPage(total, 100), limit: 100, sort_by: 'file_id', order: 'asc' })).json();
  for (const f of page.data.files) {
    statuses.add(f.file_status);
    for (const w of String(f.file_title).split(/[^\p{L}\p{N}]+/u)) if (w.length >= 4 && !/^\d+$/.test(w)) words.add(w);
  }
}
const wordList = [...words]
  .sort()
  .filter((_, i, a) => i % Math.max(1, Math.floor(a.length / 40)) === 0)
  .slice(0, 40);
const prefixes = [...new Set(wordList.map((w) => w.slice(0, 3)))];

const cases = [];
cases.push(await measure('first page (limit 10, default sort)', 'page', () => ({ page: 1, limit: 10 })));
cases.push(await measure('random page, limit 10', 'page', () => ({ page: randPage(total, 10), limit: 10 })));
cases.push(await measure('random page, limit 100', 'page', () => ({ page: randPage(total, 100), limit: 100 })));
// The deepest a page gets if the server reverses the order for the back half: the middle of the range.
const middle = Math.ceil(total / 10 / 2);
cases.push(
  await measure(`middle page ${middle} of ${Math.ceil(total / 10)}, limit 10 (worst OFFSET)`, 'page', () => ({
    page: middle + Math.floor(rand() * 3) - 1,
    limit: 10,
  })),
);
for (const sort of SORTS)
  for (const order of ['asc', 'desc']) {
    cases.push(
      await measure(`sort ${sort} ${order}, random page`, 'sort', () => ({ page: randPage(total, 10), limit: 10, sort_by: sort, order })),
    );
  }
const filterTotal = async (f) => (await get({ page: 1, limit: 10, ...f })).json().data.pagination.total_records;
const filters = [
  { isActive: 0 },
  { isActive: 1 },
  ...[...statuses]
    .sort((a, b) => a - b)
    .slice(0, 4)
    .map((s) => ({ file_status: s })),
];
for (const f of filters) {
  const n = await filterTotal(f);
  const [k, v] = Object.entries(f)[0];
  cases.push(await measure(`filter ${k}=${v} (${n} rows), random page`, 'filter', () => ({ page: randPage(n, 10), limit: 10, ...f })));
}
cases.push(
  await measure(`filter isActive=1 + sort file_title asc, random page`, 'filter', () => ({
    page: randPage(total / 2, 10),
    limit: 10,
    isActive: 1,
    sort_by: 'file_title',
    order: 'asc',
  })),
);
cases.push(
  await measure(`search a whole title word (${wordList.length} words), first page`, 'search', () => ({
    page: 1,
    limit: 10,
    search: pick(wordList),
  })),
);
cases.push(
  await measure(`search a 3-letter prefix (${prefixes.length} prefixes), first page`, 'search', () => ({
    page: 1,
    limit: 10,
    search: pick(prefixes),
  })),
);
cases.push(
  await measure('search two words, first page', 'search', () => ({ page: 1, limit: 10, search: `${pick(wordList)} ${pick(wordList)}` })),
);
cases.push(
  await measure('search a word, sorted by title, page 2', 'search', () => ({
    page: 2,
    limit: 10,
    search: pick(wordList),
    sort_by: 'file_title',
    order: 'asc',
  })),
);

// The trash: the same listing under the negated account (decision D31), so it must meet the
// same budgets. TRASHED files of the account go there (DELETE, one by one: about a minute at 10,000), are
// measured, and come back (POST …/restore), so a kept data folder is the same for the next run.
const TRASHED = Math.min(10_000, Math.floor(total / 2));
const api = (method, path) =>
  fetch(`${url}/api/files/${path}`, { method, headers: { 'x-apikey': apiKey }, signal: AbortSignal.timeout(10_000) }).then(async (res) => {
    if (res.status !== 200) throw new Error(`${method} /api/files/${path} → HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
  });
const binned = new Set();
for (let page = 1; binned.size < TRASHED; page++) {
  const ids = (await get({ page: randPage(total, 100), limit: 100, sort_by: 'file_id', order: 'asc' }))
    .json()
    .data.files.map((f) => f.file_id);
  for (const id of ids) if (binned.size < TRASHED) binned.add(id);
  if (page > 5000) break;
}
const inTrash = [];
try {
  for (const id of binned) {
    await api('DELETE', id);
    inTrash.push(id);
  }
  cases.push(await measure(`trash (${TRASHED} files): first page`, 'page', () => ({ trashed: 1, page: 1, limit: 10 })));
  cases.push(
    await measure(`trash: random page, limit 10, random sort`, 'page', () => ({
      trashed: 1,
      page: randPage(inTrash.length, 10),
      limit: 10,
      sort_by: pick(SORTS),
      order: pick(['asc', 'desc']),
    })),
  );
  const trashMiddle = Math.ceil(inTrash.length / 10 / 2);
  cases.push(
    await measure(`trash: middle page ${trashMiddle} of ${Math.ceil(inTrash.length / 10)}, limit 10 (deepest OFFSET)`, 'page', () => ({
      trashed: 1,
      page: Math.max(1, trashMiddle + Math.floor(rand() * 3) - 1),
      limit: 10,
    })),
  );
  cases.push(
    await measure('trash: filter isActive=1 + sort file_title asc, random page', 'filter', () => ({
      trashed: 1,
      page: randPage(inTrash.length / 2, 10),
      limit: 10,
      isActive: 1,
      sort_by: 'file_title',
      order: 'asc',
    })),
  );
  cases.push(
    await measure('trash: search a whole title word, first page', 'search', () => ({
      trashed: 1,
      page: 1,
      limit: 10,
      search: pick(wordList),
    })),
  );
} finally {
  for (const id of inTrash) await api('POST', `${id}/restore`);
}

process.stdout.write(
  JSON.stringify({ total, words: wordList.slice(0, 10), prefixes: prefixes.slice(0, 10), statuses: [...statuses], cases }) + '\n',
);
