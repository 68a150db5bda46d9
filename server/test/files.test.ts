import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSchema } from '../../src/contract/file';
import { searchTerms, SORT_COLUMNS } from '../src/db/files';
import { PgDb } from '../src/db/postgres/connection';
import { ENGINE, isEnvelope, SRT, startServer, uploadForm, type TestServer } from './helpers';

describe('GET /api/files/', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startServer({ list: { positionStep: 4 } }); // exercises the position cache on a small table
    await s.addAccount('lister', 'lister-password', 230);
    await s.addAccount('someone-else', 'else-password', 50);
    key = await s.login('lister', 'lister-password');
  });
  afterAll(() => s.close());

  const list = (query: string) => s.request('GET', `/api/files/?${query}`, { key });

  it('defaults to page 1, 10 rows, newest first', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const { files, pagination } = res.body.data;
    expect(files).toHaveLength(10);
    expect(pagination).toEqual({ page: 1, limit: 10, total_records: 230, total_pages: 23 });
    const created = files.map((f: { created_at: string }) => f.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(Object.keys(files[0]).sort()).toEqual(
      [
        'created_at',
        'file_id',
        'file_image',
        'file_server',
        'file_slide',
        'file_slug',
        'file_status',
        'file_title',
        'isActive',
        'version',
        'deleted_at',
        'purge_at',
        'file_progress',
        'file_reason',
        'file_duration',
        'file_width',
        'file_height',
        'views_30d',
      ].sort(),
    );
    expect(files[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("writes every file as the contract's File, its keys in the contract's order", async () => {
    const { files } = (await list('limit=100')).body.data;
    expect(new Set(files.map((f: { file_status: number }) => f.file_status)).size).toBeGreaterThan(5);
    for (const file of files) {
      expect(v.parse(fileSchema, file)).toEqual(file);
      // A schedule's keys are there only while one is set (decision D56); v.parse names any other that is missing.
      expect(Object.keys(file)).toEqual(Object.keys(fileSchema.entries).filter((k) => k in file));
    }
  });

  it('also answers without the trailing slash', async () => {
    expect((await s.request('GET', '/api/files?limit=3', { key })).body.data.files).toHaveLength(3);
  });

  // Every page of every sort, both orders, with and without filters, must equal the full ordering:
  // this covers the deferred join and the read-from-the-other-end path past the middle.
  const comparators: Record<string, (a: any, b: any) => number> = {
    file_title: (a, b) =>
      a.file_title.toLowerCase() < b.file_title.toLowerCase() ? -1 : a.file_title.toLowerCase() > b.file_title.toLowerCase() ? 1 : 0,
  };
  for (const sortBy of Object.keys(SORT_COLUMNS)) {
    it(`pages consistently when sorted by ${sortBy}`, async () => {
      for (const filter of ['', '&isActive=1', '&file_status=10', '&file_status=10&isActive=0']) {
        const all = (await list(`limit=100&sort_by=${sortBy}&order=asc${filter}`)).body.data;
        const total = all.pagination.total_records;
        let everything: any[] = [];
        for (let page = 1; page <= Math.ceil(total / 100); page++) {
          everything = everything.concat((await list(`limit=100&page=${page}&sort_by=${sortBy}&order=asc${filter}`)).body.data.files);
        }
        expect(everything).toHaveLength(total);
        const cmp = comparators[sortBy] ?? ((a: any, b: any) => (a[sortBy] < b[sortBy] ? -1 : a[sortBy] > b[sortBy] ? 1 : 0));
        const expected = [...everything].sort((a, b) => cmp(a, b) || a.file_id - b.file_id);
        expect(everything.map((f) => f.file_id)).toEqual(expected.map((f) => f.file_id));

        for (const order of ['asc', 'desc']) {
          const reference = order === 'asc' ? expected : [...expected].reverse();
          for (const limit of [7, 30]) {
            const pages = Math.ceil(total / limit);
            const collected: number[] = [];
            for (let page = 1; page <= pages; page++) {
              const res = await list(`limit=${limit}&page=${page}&sort_by=${sortBy}&order=${order}${filter}`);
              expect(res.body.data.pagination.total_records).toBe(total);
              collected.push(...res.body.data.files.map((f: any) => f.file_id));
            }
            expect(collected).toEqual(reference.map((f) => f.file_id));
          }
        }
      }
    });
  }

  it('warms the position cache and then pages exactly as before', async () => {
    await s.app.files.warmPositions();
    // PostgreSQL stores the positions the deep pages above asked for, for every node.
    if (ENGINE === 'postgres')
      expect((await s.app.db.get<{ n: number }>('SELECT count(*) AS n FROM list_positions'))!.n).toBeGreaterThan(0);
    for (const [sortBy, order, filter] of [
      ['file_server', 'asc', ''],
      ['file_status', 'desc', '&isActive=1'],
      ['created_at', 'asc', '&file_status=10'],
    ]) {
      const all = (await list(`limit=100&sort_by=${sortBy}&order=${order}${filter}`)).body.data;
      const total = all.pagination.total_records;
      const expected: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 100); page++) {
        expected.push(
          ...(await list(`limit=100&page=${page}&sort_by=${sortBy}&order=${order}${filter}`)).body.data.files.map((f: any) => f.file_id),
        );
      }
      const collected: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 3); page++) {
        collected.push(
          ...(await list(`limit=3&page=${page}&sort_by=${sortBy}&order=${order}${filter}`)).body.data.files.map((f: any) => f.file_id),
        );
      }
      expect(collected).toEqual(expected);
    }
  });

  it('keeps deep pages right after files change (the position cache is dropped)', async () => {
    const page = async () => (await list('limit=5&page=20&sort_by=file_title&order=asc')).body.data.files.map((f: any) => f.file_id);
    const before = await page();
    const first = (await list('limit=1&sort_by=file_title&order=asc')).body.data.files[0];
    await s.request('PUT', `/api/files/${first.file_id}`, { key, json: { file_title: 'zzzz last title' } });
    const after = await page();
    expect(after).not.toEqual(before);
    const all = (await list('limit=100&page=1&sort_by=file_title&order=asc')).body.data.files.map((f: any) => f.file_id);
    expect(after).toEqual(all.slice(95, 100));
    await s.request('PUT', `/api/files/${first.file_id}`, { key, json: { file_title: first.file_title } });
  });

  it('filters by isActive and file_status, and total_records honours them', async () => {
    const rows = await s.app.db.all<{ is_active: number; file_status: number }>(
      'SELECT is_active, file_status FROM files f JOIN accounts a USING (account_id) WHERE a.username = ?',
      ['lister'],
    );
    for (const status of [0, 4, 10]) {
      const res = await list(`file_status=${status}&isActive=1&limit=100`);
      const expected = rows.filter((r) => r.file_status === status && r.is_active === 1).length;
      expect(res.body.data.pagination.total_records).toBe(expected);
      for (const f of res.body.data.files) expect(f).toMatchObject({ file_status: status, isActive: 1 });
    }
    const inactive = await list('isActive=0&limit=100');
    expect(inactive.body.data.pagination.total_records).toBe(rows.filter((r) => r.is_active === 0).length);
  });

  it('treats empty parameters as absent', async () => {
    const res = await list('page=&limit=&search=&isActive=&file_status=&sort_by=&order=');
    expect(res.status).toBe(200);
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10, total_records: 230 });
  });

  it.each([
    ['limit=101', 'limit must be at most 100'],
    ['limit=0', 'limit must be at least 1'],
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be an integer'],
    ['page=Infinity', 'page must be an integer'],
    ['limit=Infinity', 'limit must be an integer'],
    ['file_status=-Infinity', 'file_status must be an integer'],
    ['isActive=2', 'isActive must be one of: 0, 1'],
    ['file_status=11', 'file_status must be at most 10'],
    [
      'sort_by=password_hash',
      'sort_by must be one of: file_id, file_server, file_title, file_slug, file_status, isActive, created_at, views_30d',
    ],
    ['order=sideways', 'order must be one of: asc, desc'],
  ])('rejects %s with 400 "%s"', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message });
  });

  it('searches title and slug words by prefix, and digits also match the id', async () => {
    const file = (await list('limit=1')).body.data.files[0];
    const word = file.file_title.split(/[^\p{L}\p{N}]+/u).find((w: string) => w.length >= 4);
    const res = await list(`search=${encodeURIComponent(`  ${word.slice(0, 3).toUpperCase()}  `)}&limit=100`);
    expect(res.body.data.files.map((f: any) => f.file_id)).toContain(file.file_id);
    expect(res.body.data.pagination.total_records).toBe(res.body.data.files.length);

    const byId = await list(`search=${file.file_id}`);
    expect(byId.body.data.files.map((f: any) => f.file_id)).toContain(file.file_id);

    const bySlug = await list(`search=${encodeURIComponent(file.file_slug)}`);
    expect(bySlug.body.data.files[0].file_id).toBe(file.file_id);

    const none = await list('search=zzzzqqqq');
    expect(none.body.data).toEqual({ files: [], pagination: { page: 1, limit: 10, total_records: 0, total_pages: 0 } });
  });

  it('combines search with filters and paging', async () => {
    const all = (await list('search=a&limit=100')).body.data;
    const filtered = (await list('search=a&limit=100&isActive=1')).body.data;
    expect(filtered.pagination.total_records).toBe(all.files.filter((f: any) => f.isActive === 1).length);
    const page2 = (await list('search=a&limit=5&page=2&sort_by=file_id&order=asc')).body.data;
    const sorted = [...all.files].sort((a: any, b: any) => a.file_id - b.file_id);
    expect(page2.files.map((f: any) => f.file_id)).toEqual(sorted.slice(5, 10).map((f: any) => f.file_id));
  });

  it('pages search results the same way with either strategy, for every sort and filter', async () => {
    // Two more servers on the same database, each with its search strategy pinned.
    const databaseUrl = s.app.db instanceof PgDb ? s.app.db.url : undefined;
    const servers = {
      walk: await startServer({ databaseUrl, list: { positionStep: 4, searchStrategy: 'walk' } }, s.dataDir),
      join: await startServer({ databaseUrl, list: { positionStep: 4, searchStrategy: 'join' } }, s.dataDir),
    };
    try {
      for (const search of ['a', 'e', '2', 'a%20e']) {
        for (const filter of ['', '&isActive=1', '&file_status=10']) {
          for (const sortBy of ['created_at', 'file_title', 'file_id']) {
            for (const order of ['asc', 'desc']) {
              const pages: Record<string, number[]> = {};
              for (const strategy of ['walk', 'join'] as const) {
                const collected: number[] = [];
                for (let page = 1; ; page++) {
                  const res = await servers[strategy].request(
                    'GET',
                    `/api/files/?search=${search}&limit=7&page=${page}&sort_by=${sortBy}&order=${order}${filter}`,
                    { key },
                  );
                  collected.push(...res.body.data.files.map((f: any) => f.file_id));
                  if (page >= res.body.data.pagination.total_pages) {
                    expect(collected).toHaveLength(res.body.data.pagination.total_records);
                    break;
                  }
                }
                pages[strategy] = collected;
              }
              expect(pages.walk, `${search} ${filter} ${sortBy} ${order}`).toEqual(pages.join);
            }
          }
        }
      }
    } finally {
      await servers.walk.close();
      await servers.join.close();
    }
  });

  it('returns an empty page past the end', async () => {
    const res = await list('page=999');
    expect(res.body.data.files).toEqual([]);
    expect(res.body.data.pagination.total_records).toBe(230);
  });
});

/** The title order of both engines: ASCII letters folded to lower case, then byte order, then the id. */
function byTitle(a: { file_title: string; file_id: number }, b: { file_title: string; file_id: number }): number {
  const key = (title: string) => Buffer.from(title.replace(/[A-Z]/g, (c) => c.toLowerCase()));
  return Buffer.compare(key(a.file_title), key(b.file_title)) || a.file_id - b.file_id;
}

describe('search sorted by title', () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('titles', 'titles-password', 300);
    await s.addAccount('titles-neighbour', 'neighbour-password', 120); // the same sample titles, never listed
    key = await s.login('titles', 'titles-password');
  });
  afterAll(() => s.close());

  /** Every page of a listing, `limit` rows at a time; each page agrees on the total. */
  async function allPages(query: string, limit: number): Promise<any[]> {
    const files: any[] = [];
    for (let page = 1; ; page++) {
      const { data } = (await s.request('GET', `/api/files/?${query}&limit=${limit}&page=${page}`, { key })).body;
      files.push(...data.files);
      if (page >= data.pagination.total_pages) {
        expect(files).toHaveLength(data.pagination.total_records);
        return files;
      }
    }
  }

  /**
   * Pages 7 rows at a time of a search sorted by title, both ways, must be its matches (as the
   * id-sorted search finds them) in title order; returns them in ascending title order.
   */
  async function expectTitlePages(term: string): Promise<any[]> {
    const search = `search=${encodeURIComponent(term)}`;
    const ascending = (await allPages(`${search}&sort_by=file_id&order=asc`, 100)).sort(byTitle);
    expect(ascending.length, term).toBeGreaterThan(0);
    for (const order of ['asc', 'desc']) {
      const expected = (order === 'asc' ? ascending : [...ascending].reverse()).map((f) => f.file_id);
      const pages = (await allPages(`${search}&sort_by=file_title&order=${order}`, 7)).map((f) => f.file_id);
      expect(pages, `${term} ${order}`).toEqual(expected);
    }
    return ascending;
  }

  const wordsOf = (f: { file_title: string; file_slug: string }) => new Set(searchTerms(`${f.file_title} ${f.file_slug}`));

  /** The account's words of at least 4 letters (not numbers), the most frequent first. */
  async function accountWords(): Promise<string[]> {
    const frequency = new Map<string, number>();
    for (const f of await allPages('sort_by=file_id&order=asc', 100))
      for (const w of wordsOf(f)) if (w.length >= 4 && !/^\d/.test(w)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
    return [...frequency].sort((a, b) => b[1] - a[1]).map(([w]) => w);
  }

  it('pages a word, prefixes of several words and short prefixes in title order, both ways', async () => {
    const words = await accountWords();
    const prefixWords = new Map<string, Set<string>>();
    for (const w of words) prefixWords.set(w.slice(0, 3), (prefixWords.get(w.slice(0, 3)) ?? new Set()).add(w));
    const prefixes = [...prefixWords].filter(([, ws]) => ws.size >= 2).map(([p]) => p);
    expect(prefixes.length).toBeGreaterThan(0);
    expect((await expectTitlePages(words[0]!)).length).toBeGreaterThan(14); // page 3 and beyond
    for (const prefix of prefixes.slice(0, 3)) await expectTitlePages(prefix);
    for (const short of ['a', 's', 'w']) await expectTitlePages(short);
  });

  it('moves a renamed file in the order, also when its words stay the same', async () => {
    const [word] = await accountWords();
    const before = await expectTitlePages(word!);
    // The same words in another order: only the title's sort key changes.
    const reordered = (f: any) =>
      [...f.file_title.split(' ')]
        .sort((a: string, b: string) => byTitle({ file_title: a, file_id: 0 }, { file_title: b, file_id: 0 }))
        .join(' ');
    const moved = [...before].reverse().find((f) => byTitle({ ...f, file_title: reordered(f) }, f) < 0)!;
    const put = await s.request('PUT', `/api/files/${moved.file_id}`, { key, json: { file_title: reordered(moved) } });
    expect(put.status).toBe(200);
    const after = (await expectTitlePages(word!)).map((f) => f.file_id);
    expect(after.indexOf(moved.file_id)).toBeLessThan(before.findIndex((f) => f.file_id === moved.file_id));
  });

  it('lists a file holding two words of a prefix once, and drops a deleted file', async () => {
    const files = await allPages('sort_by=file_id&order=asc', 100);
    const words = [...new Set(files.flatMap((f) => [...wordsOf(f)]))].filter((w) => w.length >= 5 && !/^\d/.test(w));
    const [first, second] = words.flatMap((a) => words.filter((b) => b !== a && b.startsWith(a.slice(0, 4))).map((b) => [a, b]))[0]!;
    const prefix = first!.slice(0, 4);
    const renamed = files.find((f) => ![...wordsOf(f)].some((w) => w.startsWith(prefix)))!;
    await s.request('PUT', `/api/files/${renamed.file_id}`, { key, json: { file_title: `${second} and ${first}` } });
    const both = await expectTitlePages(prefix);
    expect(both.filter((f) => f.file_id === renamed.file_id)).toHaveLength(1);

    const deleted = both[Math.floor(both.length / 2)];
    expect((await s.request('DELETE', `/api/files/${deleted.file_id}`, { key })).status).toBe(200);
    expect((await expectTitlePages(prefix)).map((f) => f.file_id)).toEqual(both.filter((f) => f !== deleted).map((f) => f.file_id));
  });
});

describe('GET/PUT/DELETE /api/files/:id', () => {
  let s: TestServer;
  let key: string;
  let ids: number[];
  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('editor', 'editor-password', 5);
    key = await s.login('editor', 'editor-password');
    ids = (await s.request('GET', '/api/files/?sort_by=file_id&order=asc', { key })).body.data.files.map((f: any) => f.file_id);
  });
  afterAll(() => s.close());

  it('reads one file', async () => {
    const res = await s.request('GET', `/api/files/${ids[0]}`, { key });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.file_id).toBe(ids[0]);
  });

  it('404s for a missing file and 400s for a non-numeric id', async () => {
    expect((await s.request('GET', '/api/files/999999', { key })).body).toEqual({ status: 'error', message: 'File not found' });
    const bad = await s.request('GET', '/api/files/abc', { key });
    expect(bad.status).toBe(400);
    expect(isEnvelope(bad.body)).toBe(true);
  });

  it('updates title (trimmed), slug and active flag', async () => {
    const res = await s.request('PUT', `/api/files/${ids[0]}`, {
      key,
      json: { file_title: '  New title  ', file_slug: 'new-slug_1', isActive: 0 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'File updated successfully' });
    expect(res.body.data).toMatchObject({ file_title: 'New title', file_slug: 'new-slug_1', isActive: 0 });
    const search = await s.request('GET', '/api/files/?search=new', { key });
    expect(search.body.data.files.map((f: any) => f.file_id)).toContain(ids[0]);
  });

  it('counts search matches exactly after edits and deletes', async () => {
    const total = async (search: string) =>
      (await s.request('GET', `/api/files/?search=${search}`, { key })).body.data.pagination.total_records;
    await s.request('PUT', `/api/files/${ids[3]}`, { key, json: { file_title: 'Quillwort quillworts' } });
    expect([await total('quillwort'), await total('quill'), await total('quillworts')]).toEqual([1, 1, 1]);
    await s.request('PUT', `/api/files/${ids[4]}`, { key, json: { file_title: 'Quillwort' } });
    expect([await total('quill'), await total('quill%20quillworts')]).toEqual([2, 1]);
    await s.request('PUT', `/api/files/${ids[3]}`, { key, json: { file_title: 'Renamed' } });
    expect([await total('quill'), await total('quillworts')]).toEqual([1, 0]);
    expect((await s.request('DELETE', `/api/files/${ids[4]}`, { key })).status).toBe(200);
    expect(await total('quill')).toBe(0);
  });

  it('answers "No changes to save" as a warning when nothing changed', async () => {
    const res = await s.request('PUT', `/api/files/${ids[0]}`, { key, json: { file_title: 'New title', isActive: 0 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'warning', message: 'No changes to save' });
    expect(res.body.data.file_id).toBe(ids[0]);
  });

  it.each([
    [{ file_title: '   ' }, 400, 'File title is required'],
    [{ file_title: 'x'.repeat(256) }, 400, 'File title must be at most 255 characters (this one has 256)'],
    [{ file_title: 'x'.repeat(1001) }, 400, 'File title must be at most 255 characters (this one has 1001)'],
    [{ file_title: '😀'.repeat(256) }, 400, 'File title must be at most 255 characters (this one has 256)'],
    [{ file_title: '\u200B' }, 400, 'File title is required'],
    [{ file_title: ' \u3164\uFEFF\u2060 ' }, 400, 'File title is required'],
    [{ file_title: '\u202E' }, 400, 'File title is required'],
    [{ file_title: 'Invoice \u202Egpj.exe' }, 400, 'File title must not contain bidirectional override characters'],
    [{ file_title: 'Left \u2067isolate\u2069' }, 400, 'File title must not contain bidirectional override characters'],
    [{ file_title: 'Nul\u0000here' }, 400, 'File title must not contain control characters'],
    [{ file_title: 'Line\nbreak' }, 400, 'File title must not contain control characters'],
    [{ file_title: 'C1\u0085control' }, 400, 'File title must not contain control characters'],
    [{ file_slug: 'has space' }, 400, 'file_slug must be 1 to 100 letters, digits, "-" or "_"'],
    [{ file_slug: 'x'.repeat(101) }, 400, 'file_slug must be 1 to 100 letters, digits, "-" or "_"'],
    [{ isActive: 2 }, 400, 'isActive must be one of: 0, 1'],
    [{ file_status: 3 }, 400, 'file_status is set by the processing pipeline and cannot be changed'],
    [{ file_status: 3, file_title: 'ok' }, 400, 'file_status is set by the processing pipeline and cannot be changed'],
  ])('rejects %j', async (body, status, message) => {
    const before = (await s.request('GET', `/api/files/${ids[1]}`, { key })).body.data;
    const res = await s.request('PUT', `/api/files/${ids[1]}`, { key, json: body });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ status: 'error', message });
    expect((await s.request('GET', `/api/files/${ids[1]}`, { key })).body.data).toEqual(before);
  });

  it('stores a title trimmed of invisible characters, 255 characters counted as people count them, emoji whole', async () => {
    const cases: [string, string][] = [
      ['\u200B\u3164 Trimmed title \uFEFF\u200B', 'Trimmed title'],
      ['😀'.repeat(255), '😀'.repeat(255)],
      ['Heart ❤️', 'Heart ❤️'],
      ['שלום עולם', 'שלום עולם'],
      ['Zero\u200Bwidth inside', 'Zero\u200Bwidth inside'],
    ];
    for (const [sent, stored] of cases) {
      const res = await s.request('PUT', `/api/files/${ids[2]}`, { key, json: { file_title: sent } });
      expect(res.status).toBe(200);
      expect(res.body.data.file_title).toBe(stored);
      expect((await s.request('GET', `/api/files/${ids[2]}`, { key })).body.data.file_title).toBe(stored);
    }
  });

  it('409s on a slug in use, also by another account', async () => {
    const res = await s.request('PUT', `/api/files/${ids[1]}`, { key, json: { file_slug: 'new-slug_1' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 'error', message: 'Slug already in use' });
    const otherId = await s.addAccount('other-editor', 'other-password', 1);
    const { file_slug: otherSlug } = (await s.app.db.get<{ file_slug: string }>('SELECT file_slug FROM files WHERE account_id = ?', [
      otherId,
    ]))!;
    expect((await s.request('PUT', `/api/files/${ids[1]}`, { key, json: { file_slug: otherSlug } })).status).toBe(409);
  });

  it('deletes a file with its subtitles and their stored content for good from the trash', async () => {
    const id = ids[2]!;
    const up = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'a.srt', content: SRT }, file_id: id, sub_lang: 'en' }),
    });
    expect(up.status).toBe(200);
    const { storage_name: stored } = (await s.app.db.get<{ storage_name: string }>('SELECT storage_name FROM subtitles WHERE file_id = ?', [
      id,
    ]))!;
    expect(await s.storedKeys()).toContain(stored);
    const before = (await s.request('GET', '/api/files/', { key })).body.data.pagination.total_records;

    const res = await s.request('DELETE', `/api/files/${id}`, { key });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'File deleted successfully!', data: { file: { file_id: id } } });
    expect(await s.storedKeys()).toContain(stored); // in the trash
    expect((await s.request('DELETE', `/api/files/${id}?permanent=1`, { key })).body).toEqual({
      status: 'success',
      message: 'File deleted successfully!',
    });
    expect(await s.storedKeys()).not.toContain(stored);
    expect(await s.app.db.all('SELECT 1 FROM subtitles WHERE file_id = ?', [id])).toEqual([]);
    expect((await s.request('GET', `/api/files/${id}`, { key })).status).toBe(404);
    expect((await s.request('GET', '/api/files/', { key })).body.data.pagination.total_records).toBe(before - 1);
    expect((await s.request('DELETE', `/api/files/${id}`, { key })).body).toEqual({ status: 'error', message: 'File not found' });
  });
});
