// `npm run bench -- analytics` (issue 41): 1,000 simulated viewers beating every 10 s on one node for
// 60 s — the beats' latency, another account's light list request meanwhile (and alone, the anchor), and
// how long a beat takes to show in the roll-up. SQLite, and PostgreSQL when VP_BENCH_DATABASE_URL (or
// VP_TEST_DATABASE_URL) is set. The Views sort at 1 M files is measured with the other sorts (api part).
import { signInByApi } from '../../test/support/sign-in.mjs';
import { benchDatabase, postgresBase } from './api.mjs';
import { fmtMs, notMeasuredRow, removeDir, runChild, runCli, startServer, stats, tempDir } from './common.mjs';

const VIEWERS = 1_000;
const EVERY_MS = 10_000;
const PASSWORD = 'bench-password-views';
const BEAT_BUDGET = 20;
const LIGHT_BUDGET = 50;
const VISIBLE_BUDGET_MS = 60_000;

const figure = (s) => `p50 ${fmtMs(s.p50)} / p95 ${fmtMs(s.p95)} / p99 ${fmtMs(s.p99)} ms (n=${s.n}, max ${fmtMs(s.max)})`;
const light = (config) => runChild('api-fairness-client.mjs', 'BENCH_FAIRNESS_CONFIG', { heavy: 0, ...config }, 5 * 60_000);

async function measureEngine(engine, seconds) {
  const dataDir = tempDir('vp-bench-analytics-');
  let database;
  let server;
  try {
    const env = { VP_DATA_DIR: dataDir, VP_DEMO: '0' };
    if (engine === 'PostgreSQL') {
      database = await benchDatabase(postgresBase(), false, 'bench_analytics');
      env.DATABASE_URL = database.url;
    }
    await runCli(['seed', '--account', 'viewed', '--password', PASSWORD, '--files', '100'], env, 120_000);
    await runCli(['seed', '--account', 'light', '--password', PASSWORD, '--files', '1000'], env, 120_000);
    server = await startServer({ dataDir, demo: false, extraEnv: env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {} });
    const ownerKey = await signInByApi(server.url, 'viewed', PASSWORD);
    const lightKey = await signInByApi(server.url, 'light', PASSWORD);
    const list = await fetch(`${server.url}/api/files/?isActive=1&limit=100`, { headers: { 'x-apikey': ownerKey } }).then((r) => r.json());
    const files = list.data.files.map((f) => ({ id: f.file_id, slug: f.file_slug }));
    const probe = files.pop();

    console.log(`[${engine}] the light request alone (10 s) …`);
    const alone = await light({ url: server.url, lightKey, heavyKey: lightKey, seconds: 10 });
    console.log(
      `[${engine}] ${VIEWERS.toLocaleString('en')} viewers beating every ${EVERY_MS / 1000} s for ${seconds} s, the light request meanwhile …`,
    );
    const [viewers, loaded] = await Promise.all([
      runChild(
        'analytics-viewers.mjs',
        'BENCH_VIEWERS_CONFIG',
        {
          url: server.url,
          slugs: files.map((f) => f.slug),
          viewers: VIEWERS,
          everyMs: EVERY_MS,
          seconds,
          probe: { ...probe, key: ownerKey },
        },
        seconds * 1000 + 180_000,
      ),
      light({ url: server.url, lightKey, heavyKey: lightKey, seconds }),
    ]);
    const b = stats(viewers.beats);
    const a = stats(alone.light);
    const l = stats(loaded.light);
    const refused = Object.entries(viewers.refused)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    return [
      {
        name: `${VIEWERS.toLocaleString('en')} viewers, a beat every ${EVERY_MS / 1000} s each for ${seconds} s: beat accepted (POST /api/beats → 202)`,
        figure: figure(b),
        budget: `p99 ≤ ${BEAT_BUDGET} ms`,
        status: b.p99 <= BEAT_BUDGET && !viewers.errors && !refused ? 'PASS' : 'FAIL',
        note: `${(b.n / seconds).toFixed(0)} beats/s accepted; refused: ${refused || 'none'}; errors: ${viewers.errors}`,
      },
      {
        name: 'light list request of another account (limit=10), alone (anchor)',
        figure: figure(a),
        budget: '–',
        status: '–',
        note: `${(a.n / 10).toFixed(0)} req/s sequential`,
      },
      {
        name: 'the same light request while the viewers beat',
        figure: figure(l),
        budget: `p99 ≤ ${LIGHT_BUDGET} ms`,
        status: l.p99 <= LIGHT_BUDGET && !loaded.lightErrors ? 'PASS' : 'FAIL',
        note: `light errors: ${loaded.lightErrors}`,
      },
      {
        name: 'a beat (a 4 s view of a file no one else plays, halfway through) → counted in GET /api/files/{id}/stats',
        figure: viewers.probeVisibleMs === null ? viewers.probeSeen : `${(viewers.probeVisibleMs / 1000).toFixed(1)} s`,
        budget: `≤ ${VISIBLE_BUDGET_MS / 1000} s`,
        status: viewers.probeVisibleMs !== null && viewers.probeVisibleMs <= VISIBLE_BUDGET_MS ? 'PASS' : 'FAIL',
        note: 'stats read every 200 ms; beats are written in batches every second and rolled up every 5 s',
      },
    ];
  } finally {
    await server?.stop();
    await database?.drop().catch(() => {});
    removeDir(dataDir);
  }
}

export async function run(options = {}) {
  const seconds = Number(options.seconds ?? 60);
  const engines = ['SQLite', ...(postgresBase() ? ['PostgreSQL'] : [])].filter((e) => !options.engine || e === options.engine);
  const rows = [];
  const notes = [
    `Viewers: one Node process, ${VIEWERS.toLocaleString('en')} player pages (a random session each, spread over the first ${EVERY_MS / 1000} s) POSTing a beat every ${EVERY_MS / 1000} s (10 s played) to one node from 127.0.0.1, the rate limit on but far above their rate; time = request sent → whole reply read. Light request: another process, account "light" (1,000 files) asking GET /api/files/?limit=10 in a loop.`,
  ];
  for (const engine of engines) {
    try {
      rows.push(...(await measureEngine(engine, seconds)).map((r) => ({ ...r, name: `${engine}: ${r.name}` })));
    } catch (err) {
      rows.push(notMeasuredRow(`${engine}: analytics bench`, err));
      notes.push(`${engine}: ${String(err?.message ?? err).slice(0, 1500)}`);
    }
  }
  if (!postgresBase())
    notes.push(
      'PostgreSQL not measured: set VP_BENCH_DATABASE_URL (or VP_TEST_DATABASE_URL) to a database whose role may create databases.',
    );
  return { rows, notes };
}
