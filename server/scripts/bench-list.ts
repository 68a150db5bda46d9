/**
 * Measures GET /api/files/ at scale from a separate client process (this one) against a real server
 * (a child process): `npx tsx server/scripts/bench-list.ts [--data DIR] [--files N]`.
 * Seeds DIR with the CLI first when it has no database (timing the seed). `--settle S` waits S seconds
 * after the server starts (it warms its deep-page position cache in the background) before measuring.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { data: { type: 'string' }, files: { type: 'string' }, port: { type: 'string' }, settle: { type: 'string' } },
});
const dataDir = path.resolve(values.data ?? '/tmp/vp-bench');
const files = Number(values.files ?? 1_000_000);
const port = Number(values.port ?? 18_181);
const base = `http://127.0.0.1:${port}`;
const cli = path.resolve(import.meta.dirname, '../src/cli.ts');
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

if (!fs.existsSync(path.join(dataDir, 'vp.db'))) {
  const started = performance.now();
  const r = spawnSync(tsx, [cli, 'seed', '--account', 'bench', '--password', 'bench-password', '--files', String(files)], {
    env: { ...process.env, VP_DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  console.log(`seed (whole CLI run): ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const server = spawn(tsx, [path.resolve(import.meta.dirname, '../src/main.ts')], {
  // The rate limit stays on (its cost is part of the figure) but far above what the bench sends.
  env: { ...process.env, VP_DATA_DIR: dataDir, PORT: String(port), VP_DEMO: '0', VP_RATE_LIMIT_PER_MINUTE: '1000000000' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => server.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve()));
// --settle S: measure after S seconds, when the server has warmed its position cache.
await new Promise((r) => setTimeout(r, Number(values.settle ?? 0) * 1000));

try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password' }),
  });
  const key = ((await login.json()) as { data: { apiKey: string } }).data.apiKey;
  const get = async (query: string) => {
    const t = performance.now();
    const res = await fetch(`${base}/api/files/?${query}`, { headers: { 'x-apikey': key } });
    const body = (await res.json()) as { data: { pagination: { total_records: number } } };
    if (res.status !== 200) throw new Error(`${res.status} for ${query}`);
    return { ms: performance.now() - t, total: body.data.pagination.total_records };
  };
  const stats = (label: string, ms: number[]) => {
    ms.sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
    console.log(`${label.padEnd(44)} n=${String(ms.length).padStart(4)}  p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  max ${q(1)} ms`);
  };

  for (let i = 0; i < 20; i++) await get('limit=10'); // warm-up
  const sorts = ['created_at', 'file_id', 'file_title', 'file_slug', 'file_server', 'file_status', 'isActive'];
  const filters = ['', '&isActive=1', '&file_status=3', '&file_status=10&isActive=0'];
  const all: number[] = [];
  let seed = 12345;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  for (const filter of filters) {
    const ms: number[] = [];
    const total = (await get(`limit=10${filter}`)).total;
    for (const sort of sorts) {
      for (const order of ['asc', 'desc']) {
        const limit = [10, 30, 100][Math.floor(rand() * 3)]!;
        const pages = Math.max(1, Math.ceil(total / limit));
        for (const page of [
          1,
          2,
          Math.ceil(pages / 4),
          Math.ceil(pages / 2),
          Math.ceil(pages / 2) + 1,
          pages - 1,
          pages,
          1 + Math.floor(rand() * pages),
        ]) {
          ms.push((await get(`page=${Math.max(1, page)}&limit=${limit}&sort_by=${sort}&order=${order}${filter}`)).ms);
        }
      }
    }
    stats(`list ${filter || '(no filter)'} (${total} rows)`, ms);
    all.push(...ms);
  }
  stats('list: every page/sort/filter above', all);

  const words = [
    'lisbon',
    'harbor',
    'kyoto',
    'golden',
    'tutorial',
    'zürich',
    'photography',
    'amélie',
    'marathon',
    'nebula',
    'sao paulo',
    'galaxy of',
    'kraków',
    '東京',
    'cyclin',
    'review',
  ];
  const search: number[] = [];
  for (const w of words) {
    for (const sort of ['created_at', 'file_title']) {
      const r = await get(`search=${encodeURIComponent(w)}&sort_by=${sort}`);
      search.push(r.ms);
      if (sort === 'created_at') process.stdout.write(`  "${w}": ${r.total} matches, ${r.ms.toFixed(1)} ms\n`);
      search.push((await get(`search=${encodeURIComponent(w)}&page=3&isActive=1`)).ms);
    }
  }
  stats('title search', search);
} finally {
  server.kill('SIGTERM');
}
