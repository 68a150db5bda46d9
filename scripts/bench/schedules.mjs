// `npm run bench -- schedules`: 10,000 files of one account scheduled to turn inactive one minute ahead
// (one UPDATE of the database, so the time is a minute ahead however long a busy machine would take to
// set it through the API; the Scheduled filter must then list them all); every one must have changed within 5 s
// of that time (its 'schedule_deactivate' activity entry is written in the transaction that changes it),
// while another account's light list request keeps p99 ≤ 50 ms from 5 s before the time until the last
// change. SQLite, and PostgreSQL when VP_BENCH_DATABASE_URL (or VP_TEST_DATABASE_URL) is set.
// --port=N: the server's port (default: a free one).
import { join } from 'node:path';
import { signInByApi } from '../../test/support/sign-in.mjs';
import { fmtMs, percentile, removeDir, runCli, startServer, stats, tempDir } from './common.mjs';
import { pgClient, pgDatabase, postgresBase } from './events.mjs';

const FILES = 10_000;
const AHEAD_MS = 60_000;
/** How late a schedule may run. */
const WITHIN_MS = 5_000;
/** The light requests start this long before the time, and run until every file changed (or the budget ran out). */
const LEAD_MS = 5_000;

const ACCOUNT = "(SELECT account_id FROM accounts WHERE username = 'scheduled')";
const SCHEDULE = `UPDATE files SET deactivate_at = $1, version = version + 1 WHERE account_id = ${ACCOUNT}`;
const RUNS = `SELECT count(*) AS n, max(at) AS last FROM file_activity WHERE action = 'schedule_deactivate' AND account_id = ${ACCOUNT}`;

/** The database beside the server: sets the schedules, and reads how many ran and when the last one did (ms). */
async function openDatabase(dataDir, database) {
  const runs = (row) => ({ n: Number(row.n), last: Number(row.last ?? 0) });
  if (database) {
    const client = await pgClient(database.url);
    return {
      schedule: (due) => client.query(SCHEDULE, [due]),
      read: async () => runs((await client.query(RUNS)).rows[0]),
      close: () => client.end(),
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(join(dataDir, 'vp.db'));
  db.pragma('busy_timeout = 5000');
  const schedule = db.prepare(SCHEDULE.replace('$1', '?'));
  const read = db.prepare(RUNS);
  return {
    schedule: async (due) => schedule.run(due),
    read: async () => runs(read.get()),
    close: async () => db.close(),
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function measure(engine, port) {
  const dataDir = tempDir('vp-bench-schedules-');
  const database = engine === 'PostgreSQL' ? await pgDatabase(postgresBase(), 'schedules') : null;
  const env = database ? { DATABASE_URL: database.url } : {};
  let server;
  let db;
  try {
    server = await startServer({ dataDir, demo: false, port, extraEnv: env });
    await runCli(
      ['seed', '--account', 'scheduled', '--password', 'scheduled-password', '--files', String(FILES)],
      { VP_DATA_DIR: dataDir, ...env },
      300_000,
    );
    await runCli(
      ['seed', '--account', 'light', '--password', 'light-password', '--files', '20'],
      { VP_DATA_DIR: dataDir, ...env },
      120_000,
    );
    const key = await signInByApi(server.url, 'scheduled', 'scheduled-password');
    const lightKey = await signInByApi(server.url, 'light', 'light-password');
    db = await openDatabase(dataDir, database);
    const due = Date.now() + AHEAD_MS;
    await db.schedule(due);
    const listed = await fetch(`${server.url}/api/files/?scheduled=1&limit=1`, { headers: { 'x-apikey': key } }).then((r) => r.json());
    const scheduled = listed.data.pagination.total_records;
    if (scheduled !== FILES) throw new Error(`the Scheduled filter lists ${scheduled} files, not ${FILES}`);

    await sleep(due - LEAD_MS - Date.now());
    const light = [];
    let running = true;
    const lister = (async () => {
      while (running) {
        const t0 = performance.now();
        await fetch(`${server.url}/api/files/?limit=10`, { headers: { 'x-apikey': lightKey } }).then((r) => r.arrayBuffer());
        light.push(performance.now() - t0);
        await sleep(50);
      }
    })();
    let seen = { n: 0, last: 0 };
    while (Date.now() < due + WITHIN_MS * 3) {
      seen = await db.read();
      if (seen.n >= FILES) break;
      await sleep(200);
    }
    running = false;
    await lister;
    const late = seen.n >= FILES ? seen.last - due : NaN;
    const s = stats(light);
    const p99 = percentile(light, 99);
    return [
      {
        name: `${engine}: ${FILES.toLocaleString('en')} files scheduled one minute ahead → every one changed`,
        figure:
          seen.n >= FILES
            ? `the last ${fmtMs(late)} ms after its time`
            : `${seen.n} of ${FILES} changed by ${(WITHIN_MS * 3) / 1000} s after`,
        budget: `all within ${WITHIN_MS / 1000} s`,
        status: seen.n >= FILES && late <= WITHIN_MS ? 'PASS' : 'FAIL',
        note: "times from each run's activity entry (written in the transaction that changes the file)",
      },
      {
        name: `${engine}: another account's light list request meanwhile`,
        figure: `p50 ${fmtMs(s.p50)} ms, p99 ${fmtMs(p99)} ms`,
        budget: 'p99 ≤ 50 ms',
        status: p99 <= 50 ? 'PASS' : 'FAIL',
        note: `${s.n} requests, from ${LEAD_MS / 1000} s before the time until the last change`,
      },
    ];
  } finally {
    await db?.close();
    await server?.stop();
    await database?.drop();
    removeDir(dataDir);
  }
}

export async function run(options = {}) {
  const engines = ['SQLite', ...(postgresBase() ? ['PostgreSQL'] : [])].filter((e) => !options.engine || e === options.engine);
  const port = options.port ? Number(options.port) : undefined;
  const rows = [];
  for (const engine of engines) rows.push(...(await measure(engine, port)));
  return { rows, notes: postgresBase() ? [] : ['PostgreSQL not measured: set VP_BENCH_DATABASE_URL.'] };
}
