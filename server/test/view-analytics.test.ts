import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLAYED_MORE_THAN_ELAPSED, POSITION_PAST_END } from '../src/player/beat-check';
import { dayOf } from '../src/db/view-rollup';
import { BAD_DATE } from '../src/routes/stats';
import { ENGINE, START, startServer, type TestServer } from './helpers';

/**
 * Cookieless view analytics (issue 41, decision D54), on both engines: beats from the player page
 * become views, watch time, sites and retention per file per day; the kit's previews and operators
 * count nothing; impossible beats are refused; stats go with their file and stay their account's.
 */

const DAY = dayOf(START);
const DURATION = 60;
const LONG_SESSIONS = { sessionIdleSeconds: 1e9, sessionMaxSeconds: 1e9 };
type Beat = { file: string; session: string; position: number; played: number; elapsed: number; ended?: boolean; host?: string };

describe('view analytics', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  const files: { file_id: number; file_slug: string }[] = [];

  beforeAll(async () => {
    s = await startServer({ ...LONG_SESSIONS, countryHeader: 'CF-IPCountry' });
    const owner = await s.addAccount('watched', 'watched-password', 8);
    await s.addAccount('neighbour', 'neighbour-password', 1);
    key = await s.login('watched', 'watched-password');
    otherKey = await s.login('neighbour', 'neighbour-password');
    await s.app.db.run('UPDATE files SET file_duration = ?, file_status = 10, is_active = 1, file_rendition = ? WHERE account_id = ?', [
      DURATION,
      'demo/master.m3u8',
      owner,
    ]);
    files.push(
      ...(await s.app.db.all<{ file_id: number; file_slug: string }>(
        'SELECT file_id, file_slug FROM files WHERE account_id = ? ORDER BY file_id',
        [owner],
      )),
    );
  });
  afterAll(() => s.close());

  const newSession = () => randomBytes(16).toString('hex');
  const beat = (body: Beat, headers: Record<string, string> = {}) => s.request('POST', '/api/beats', { json: body, headers });
  /** A scripted session: each step waits its seconds on the server's clock, then beats. */
  async function play(file: string, steps: { played: number; position: number; ended?: boolean }[], host = 'blog.example') {
    const session = newSession();
    for (const step of steps) {
      s.advance(step.played * 1000);
      const reply = await beat({ file, session, elapsed: step.played, host, ...step });
      expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    }
    return session;
  }
  const stats = async (fileId: number, k = key) => {
    await s.app.rollUpViews();
    return s.request('GET', `/api/files/${fileId}/stats?from=${DAY}&to=${DAY}`, { key: k });
  };

  it('counts a session of 4 s as one view and one of 2 s as none, with the seconds each played', async () => {
    const file = files[0]!;
    await play(file.file_slug, [{ played: 2, position: 2 }]);
    await play(file.file_slug, [
      { played: 2, position: 2 },
      { played: 2, position: 4 },
    ]);
    const reply = await stats(file.file_id);
    expect(reply.status).toBe(200);
    expect(reply.body.data.totals).toEqual({ views: 1, watch_seconds: 6, sessions: 2 });
    expect(reply.body.data.days).toEqual([{ date: DAY, views: 1, watch_seconds: 6 }]);
    expect(reply.body.data.sites).toEqual([{ host: 'blog.example', views: 1 }]);
  });

  it('counts the seconds played once, however far a seek jumps, and the furthest tenth reached', async () => {
    const file = files[1]!;
    // 3 s played from the start, a seek to 50 s, 2 s played there: 5 s, and the view reached the 9th tenth.
    await play(file.file_slug, [
      { played: 3, position: 3 },
      { played: 2, position: 52 },
    ]);
    await play(file.file_slug, [{ played: 4, position: 4 }]);
    const { body } = await stats(file.file_id);
    expect(body.data.totals).toEqual({ views: 2, watch_seconds: 9, sessions: 2 });
    expect(body.data.retention).toEqual([1, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0]);
  });

  it('counts a session that reached the end as a view, however short', async () => {
    const file = files[2]!;
    await play(file.file_slug, [{ played: 1, position: DURATION, ended: true }]);
    const { body } = await stats(file.file_id);
    expect(body.data.totals.views).toBe(1);
    expect(body.data.retention.at(-1)).toBe(1);
  });

  it("never counts the kit's own previews (their page sends no beat) nor a request with an API key", async () => {
    const file = files[3]!;
    const page = await s.request('GET', `/player/${file.file_slug}`);
    expect(page.text).toContain(`data-beats="/api/beats" data-slug="${file.file_slug}"`);
    const preview = await s.request('GET', `/player/${file.file_slug}?title=0&vp_kit=1`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('data-hls=');
    expect(preview.text).not.toContain('data-beats');
    // Nothing stored in the browser either: media-chrome remembers no volume, mute or subtitle language.
    for (const { text } of [page, preview]) expect(text).toContain('<media-controller novolumepref nomutedpref nosubtitleslangpref>');

    s.advance(5000);
    const reply = await beat({ file: file.file_slug, session: newSession(), position: 5, played: 5, elapsed: 5 }, { 'x-apikey': key });
    expect(reply.status).toBe(202);
    expect(reply.body.message).toBe('Beat received; not counted: the request carries an API key');
    expect((await stats(file.file_id)).body.data.totals).toEqual({ views: 0, watch_seconds: 0, sessions: 0 });
  });

  it('refuses impossible beats with a 422 envelope, and counts none of them', async () => {
    const file = files[4]!;
    const session = newSession();
    const more = await beat({ file: file.file_slug, session, position: 20, played: 20, elapsed: 10 });
    expect(more.status).toBe(422);
    expect(more.body).toEqual({ status: 'error', message: PLAYED_MORE_THAN_ELAPSED });
    const past = await beat({ file: file.file_slug, session, position: DURATION + 30, played: 1, elapsed: 1 });
    expect(past.status).toBe(422);
    expect(past.body.message).toBe(POSITION_PAST_END);
    // The client says 10 s went by, but this server saw its previous beat 1 s ago.
    s.advance(1000);
    expect((await beat({ file: file.file_slug, session, position: 1, played: 1, elapsed: 1 })).status).toBe(202);
    s.advance(1000);
    const fast = await beat({ file: file.file_slug, session, position: 12, played: 10, elapsed: 10 });
    expect(fast.status).toBe(422);
    expect(fast.body.message).toBe(PLAYED_MORE_THAN_ELAPSED);
    const bad = await beat({ file: file.file_slug, session: 'not-hex', position: 1, played: 1, elapsed: 1 });
    expect(bad.status).toBe(400);
    const unknown = await beat({ file: 'no-such-video', session, position: 1, played: 1, elapsed: 1 });
    expect(unknown.status).toBe(404);
    expect((await stats(file.file_id)).body.data.totals).toEqual({ views: 0, watch_seconds: 1, sessions: 1 });
  });

  it('rolls up what many sessions sent: views, watch time, sessions, sites and countries', async () => {
    const file = files[5]!;
    let views = 0;
    let watched = 0;
    const sites = new Map<string, number>();
    for (let i = 0; i < 30; i++) {
      const host = `site-${i % 3}.example`;
      const steps = Array.from({ length: 1 + (i % 4) }, (_, j) => ({ played: 1.5, position: 1.5 * (j + 1) }));
      const session = newSession();
      for (const step of steps) {
        s.advance(1500);
        const reply = await beat({ file: file.file_slug, session, elapsed: 1.5, host, ...step }, { 'cf-ipcountry': i % 2 ? 'vn' : 'XX1' });
        expect(reply.status).toBe(202);
      }
      watched += 1.5 * steps.length;
      if (steps.length >= 2) {
        views++;
        sites.set(host, (sites.get(host) ?? 0) + 1);
      }
      if (i === 10) await s.app.rollUpViews(); // a session that spans two roll-ups counts once
    }
    const { body } = await stats(file.file_id);
    expect(body.data.totals).toEqual({ views, watch_seconds: watched, sessions: 30 });
    expect(body.data.sites).toEqual(
      [...sites].map(([host, n]) => ({ host, views: n })).sort((a, b) => b.views - a.views || a.host.localeCompare(b.host)),
    );
    expect(body.data.countries).toEqual([{ country: 'VN', views: expect.any(Number) }]);
    expect(await s.app.db.get('SELECT count(*) AS n FROM view_beats')).toEqual({ n: 0 });

    const account = await s.request('GET', `/api/stats?from=${DAY}&to=${DAY}`, { key });
    expect(account.status).toBe(200);
    expect(account.body.data.top_files[0]).toMatchObject({ file_id: file.file_id, views });
    const csv = await s.request('GET', `/api/files/${file.file_id}/stats.csv?from=${DAY}&to=${DAY}`, { key });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toBe(`date,views,watch_seconds\r\n${DAY},${views},${watched}\r\n`);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="views-${file.file_id}-${DAY}-${DAY}.csv"`);

    // The account's CSV: each day of the range, with the day's totals over all its files (as its JSON says).
    const { totals } = account.body.data;
    const next = dayOf(START + 86_400_000);
    const accountCsv = await s.request('GET', `/api/stats.csv?from=${DAY}&to=${next}`, { key });
    expect(accountCsv.status).toBe(200);
    expect(accountCsv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(accountCsv.headers.get('content-disposition')).toBe(`attachment; filename="views-${DAY}-${next}.csv"`);
    expect(accountCsv.text).toBe(`date,views,watch_seconds\r\n${DAY},${totals.views},${totals.watch_seconds}\r\n${next},0,0\r\n`);
  });

  it("keeps a file's stats its account's: another account gets the 404 of a file not its own", async () => {
    const file = files[0]!;
    const reply = await stats(file.file_id, otherKey);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ status: 'error', message: 'File not found' });
    const csv = await s.request('GET', `/api/files/${file.file_id}/stats.csv?from=${DAY}&to=${DAY}`, { key: otherKey });
    expect(csv.status).toBe(404);
    expect(csv.body).toEqual({ status: 'error', message: 'File not found' });
    const theirs = await s.request('GET', `/api/stats?from=${DAY}&to=${DAY}`, { key: otherKey });
    expect(theirs.body.data.totals).toEqual({ views: 0, watch_seconds: 0, sessions: 0 });
    expect(theirs.body.data.top_files).toEqual([]);
  });

  it('refuses a date range that is not one, or longer than VP_ANALYTICS_DAYS', async () => {
    const bad = await s.request('GET', `/api/stats?from=2026-06-02&to=2026-06-01`, { key });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BAD_DATE);
    // Found by the fuzz test: a day that does not exist with the default start was a 500.
    for (const query of ['to=0000-00-00', 'from=2026-02-30&to=2026-03-01', 'from=&to=2026-13-01'])
      expect((await s.request('GET', `/api/stats?${query}`, { key })).body.message, query).toBe(BAD_DATE);
    const long = await s.request('GET', `/api/stats?from=2020-01-01&to=2026-06-01`, { key });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('The date range is too long: at most 400 days');
    const defaults = await s.request('GET', `/api/files/${files[0]!.file_id}/stats`, { key });
    expect(defaults.body.data.days).toHaveLength(30);
    expect(defaults.body.data.days.at(-1)).toMatchObject({ date: dayOf(s.now.value) });
  });

  it('removes the stats with their file: none while it is in the trash, none left after its purge', async () => {
    const file = files[6]!;
    await play(file.file_slug, [{ played: 4, position: 4 }]);
    expect((await stats(file.file_id)).body.data.totals.views).toBe(1);
    const before = (await s.request('GET', `/api/stats?from=${DAY}&to=${DAY}`, { key })).body.data.totals.views;

    expect((await s.request('DELETE', `/api/files/${file.file_id}`, { key })).status).toBe(200);
    expect((await stats(file.file_id)).status).toBe(404);
    expect((await s.request('GET', `/api/stats?from=${DAY}&to=${DAY}`, { key })).body.data.totals.views).toBe(before - 1);
    // A beat of a trashed file is refused like one of any video that is not there.
    expect((await beat({ file: file.file_slug, session: newSession(), position: 1, played: 1, elapsed: 1 })).status).toBe(404);

    expect((await s.request('DELETE', `/api/files/${file.file_id}?permanent=1`, { key })).status).toBe(200);
    for (const table of ['view_beats', 'view_sessions', 'view_days', 'view_sites', 'view_countries'])
      expect(await s.app.db.get(`SELECT count(*) AS n FROM ${table} WHERE file_id = ?`, [file.file_id]), table).toEqual({ n: 0 });
  });

  it('gives each file its views of the last 30 days, sorts the list by them, and lets views older than that go', async () => {
    await s.app.rollUpViews();
    const list = async (query: string) =>
      (await s.request('GET', `/api/files/?${query}`, { key })).body.data.files as { file_id: number; views_30d: number }[];
    const expected = await Promise.all(
      files.map(async (f) => ({ file_id: f.file_id, views_30d: (await stats(f.file_id)).body.data?.totals.views ?? 0 })),
    );
    const live = expected.filter((f) => f.file_id !== files[6]!.file_id); // purged above
    const byViews = [...live].sort((a, b) => b.views_30d - a.views_30d || b.file_id - a.file_id);
    expect(byViews[0]!.views_30d).toBeGreaterThan(5);
    expect((await list('sort_by=views_30d&order=desc&limit=100')).map((f) => ({ file_id: f.file_id, views_30d: f.views_30d }))).toEqual(
      byViews,
    );
    expect((await list('sort_by=views_30d&order=asc&limit=3&isActive=1')).map((f) => f.file_id)).toEqual(
      [...byViews]
        .reverse()
        .slice(0, 3)
        .map((f) => f.file_id),
    );
    const one = await s.request('GET', `/api/files/${byViews[0]!.file_id}`, { key });
    expect(one.body.data.views_30d).toBe(byViews[0]!.views_30d);

    // 29 days later the views still count; 30 days later they left the window.
    s.advance(29 * 86_400_000);
    await s.app.pruneViews();
    expect((await list('sort_by=views_30d&order=desc&limit=1'))[0]!.views_30d).toBe(byViews[0]!.views_30d);
    s.advance(86_400_000);
    await s.app.pruneViews();
    expect((await list('sort_by=views_30d&order=desc&limit=100')).map((f) => f.views_30d)).toEqual(live.map(() => 0));
  });
});

describe('view analytics kept VP_ANALYTICS_DAYS', () => {
  const DAY_MS = 86_400_000;
  let s: TestServer;
  let file: { file_id: number; file_slug: string };

  beforeAll(async () => {
    s = await startServer({ analyticsDays: 2, countryHeader: 'CF-IPCountry' });
    const owner = await s.addAccount('kept', 'kept-password', 1);
    await s.app.db.run('UPDATE files SET file_duration = 60, file_status = 10, is_active = 1 WHERE account_id = ?', [owner]);
    file = (await s.app.db.get<{ file_id: number; file_slug: string }>('SELECT file_id, file_slug FROM files WHERE account_id = ?', [
      owner,
    ]))!;
  });
  afterAll(() => s.close());

  /** The rows each view table holds for the file. */
  const rows = async () =>
    Object.fromEntries(
      await Promise.all(
        ['view_beats', 'view_sessions', 'view_days', 'view_sites', 'view_countries'].map(async (table) => [
          table,
          (await s.app.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE file_id = ?`, [file.file_id]))!.n,
        ]),
      ),
    );
  const views = async () => (await s.app.viewStats.fileStats(file.file_id, DAY, DAY)).totals.views;

  it('drops a session idle for a day, and the roll-ups of a day once it is VP_ANALYTICS_DAYS old', async () => {
    const session = randomBytes(16).toString('hex');
    s.advance(4000);
    const beat = { file: file.file_slug, session, position: 4, played: 4, elapsed: 4, host: 'blog.example' };
    expect((await s.request('POST', '/api/beats', { json: beat, headers: { 'cf-ipcountry': 'VN' } })).status).toBe(202);
    await s.app.rollUpViews();
    expect(await rows()).toEqual({ view_beats: 0, view_sessions: 1, view_days: 1, view_sites: 1, view_countries: 1 });

    // A day later the session is forgotten; its day's roll-ups stay.
    s.advance(DAY_MS + 1000);
    await s.app.pruneViews();
    expect(await rows()).toMatchObject({ view_sessions: 0, view_days: 1, view_sites: 1, view_countries: 1 });
    // Two days after the view its day is still within the 2 kept days…
    s.advance(DAY_MS);
    await s.app.pruneViews();
    expect(await rows()).toMatchObject({ view_days: 1, view_sites: 1, view_countries: 1 });
    expect(await views()).toBe(1);
    // …and a day later it is not: its roll-ups are gone.
    s.advance(DAY_MS);
    await s.app.pruneViews();
    expect(await rows()).toEqual({ view_beats: 0, view_sessions: 0, view_days: 0, view_sites: 0, view_countries: 0 });
    expect(await views()).toBe(0);
  });
});

describe('view beats under load', () => {
  let s: TestServer;
  let slug: string;
  const BATCH = 5;
  const PER_MINUTE = 12;

  beforeAll(async () => {
    s = await startServer({ ...LONG_SESSIONS, beatsBatch: BATCH, rateLimitPerMinute: PER_MINUTE });
    const owner = await s.addAccount('busy', 'busy-password', 1);
    await s.app.db.run('UPDATE files SET file_duration = 60, is_active = 1 WHERE account_id = ?', [owner]);
    slug = (await s.app.db.get<{ file_slug: string }>('SELECT file_slug FROM files WHERE account_id = ?', [owner]))!.file_slug;
  });
  afterAll(() => s.close());

  const beat = () =>
    s.request('POST', '/api/beats', {
      json: { file: slug, session: randomBytes(16).toString('hex'), position: 4, played: 4, elapsed: 4 },
    });

  it('writes beats in batches of VP_BEATS_BATCH, and what is left within a second', async () => {
    const writes = vi.spyOn(s.app.viewStats, 'insertBeats');
    for (let i = 0; i < BATCH * 2 + 1; i++) expect((await beat()).status).toBe(202);
    await vi.waitFor(() => expect(writes.mock.calls.map(([beats]) => beats.length)).toEqual([BATCH, BATCH, 1]), { timeout: 10_000 });
    await s.app.rollUpViews();
    const day = dayOf(s.now.value);
    const fileId = (await s.app.db.get<{ file_id: number }>('SELECT file_id FROM files WHERE file_slug = ?', [slug]))!.file_id;
    expect(await s.app.viewStats.fileStats(fileId, day, day)).toMatchObject({ totals: { views: BATCH * 2 + 1, sessions: BATCH * 2 + 1 } });
  });

  it('limits the beats of one address with the API rate limit (429 envelope)', async () => {
    // The first test sent 11 of this minute's 12.
    expect((await beat()).status).toBe(202);
    const refused = await beat();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
  });

  // 1,000 viewers beating every 10 s would be 100 upserts a second of the shared counters (decision D64).
  it.runIf(ENGINE === 'postgres')('counts the beats of an address in memory, never in the shared counters', async () => {
    await s.app.db.run('DELETE FROM rate_limit_hits');
    for (let i = 0; i < 3; i++) await beat();
    expect(await s.app.db.get('SELECT count(*) AS n FROM rate_limit_hits')).toEqual({ n: 0 });
    // An API request of the same address still counts in them.
    await s.request('GET', '/api/config');
    expect(await s.app.db.get('SELECT count(*) AS n FROM rate_limit_hits')).toEqual({ n: 1 });
  });
});

describe('view beats during a roll-up', () => {
  let s: TestServer;
  let slug: string;

  beforeAll(async () => {
    s = await startServer(LONG_SESSIONS);
    const owner = await s.addAccount('rolled', 'rolled-password', 1);
    await s.app.db.run('UPDATE files SET file_duration = 60, is_active = 1 WHERE account_id = ?', [owner]);
    slug = (await s.app.db.get<{ file_slug: string }>('SELECT file_slug FROM files WHERE account_id = ?', [owner]))!.file_slug;
  });
  afterAll(() => s.close());

  // On SQLite the roll-up's transaction held the one connection: every beat's read of its file waited
  // for it (1,000 viewers: beats p50 179 ms, p99 4.5 s in `npm run bench -- analytics`; decision D64).
  it('answers a beat while a roll-up is inside its transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside = false;
    const lock = s.app.db.lock.bind(s.app.db);
    vi.spyOn(s.app.db, 'lock').mockImplementation(async (tx, name) => {
      if (name === 'view-rollup') {
        inside = true;
        await held;
      }
      return lock(tx, name);
    });
    const rolling = s.app.rollUpViews();
    let status = 0;
    try {
      // SQLite starts its writer thread on the first background transaction: seconds on a busy machine.
      await vi.waitFor(() => expect(inside).toBe(true), { timeout: 30_000 });
      void s
        .request('POST', '/api/beats', {
          json: { file: slug, session: randomBytes(16).toString('hex'), position: 4, played: 4, elapsed: 4 },
        })
        .then((reply) => (status = reply.status));
      await vi.waitFor(() => expect(status).toBe(202), { timeout: 5_000 });
    } finally {
      release();
      await rolling;
    }
  });
});
