import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';

/**
 * Requests that race each other, as many clients and nodes do with no fault at all: whatever the
 * interleaving, each gets a 2xx or a 4xx envelope, never a 500 (a foreign-key or unique violation
 * is a 404 or 409, a deadlock never reaches the client), and the per-account counters stay exact.
 */

/** Every 5xx a server writes, including to clients that hung up first. */
function serverErrorsOf(s: TestServer): string[] {
  const errors: string[] = [];
  s.app.server.on('request', (request, response) => {
    response.on('finish', () => {
      if (response.statusCode >= 500) errors.push(`${response.statusCode} ${request.method} ${request.url}`);
    });
  });
  return errors;
}

interface Listed {
  file_id: number;
  isActive: 0 | 1;
  file_status: number;
}

describe('races between requests', () => {
  let s: TestServer;
  let errors: string[];
  let key: string;

  beforeAll(async () => {
    s = await startServer({ maxUploadsPerAccount: 100 }); // 50 uploads in flight at once
    errors = serverErrorsOf(s);
    await s.addAccount('racer', 'racer-password-29', 200);
    key = await s.login('racer', 'racer-password-29');
  });
  afterAll(() => s.close());

  const files = async (query: string): Promise<Listed[]> =>
    (await s.request('GET', `/api/files/?limit=100&${query}`, { key })).body.data.files;

  it('an upload racing the delete of its file: 200 or 404, never a 500, and no content left without its row (× 50)', async () => {
    const victims = (await files('sort_by=file_id&order=asc')).slice(0, 50);
    const upload = (file_id: number, i: number) =>
      s.request('POST', '/api/files/sub', {
        key,
        body: uploadForm({ file: { name: `race-${i}.srt`, content: SRT }, file_id, sub_lang: 'en' }),
      });
    // A delete to the trash, then for good: the upload must not leave content for a row that is gone.
    const remove = async (file_id: number) => {
      await s.request('DELETE', `/api/files/${file_id}`, { key });
      return s.request('DELETE', `/api/files/${file_id}?permanent=1`, { key });
    };
    // Half of them with the delete forced between the upload's check of its file and its insert (the
    // window a real race hits now and then): the store's first write of that upload waits for the delete.
    const store = s.app.store;
    const put = store.put.bind(store);
    let midway: (() => Promise<unknown>) | null = null;
    store.put = async (storageKey, content) => {
      const deleteNow = midway;
      midway = null;
      await deleteNow?.();
      return put(storageKey, content);
    };
    const outcomes: number[][] = [];
    try {
      for (const [i, { file_id }] of victims.slice(0, 25).entries()) {
        let removed = 0;
        midway = async () => (removed = (await remove(file_id)).status);
        outcomes.push([(await upload(file_id, i)).status, removed]);
      }
    } finally {
      store.put = put;
    }
    // The other half as they come: 25 uploads and deletes in flight together.
    outcomes.push(
      ...(await Promise.all(
        victims.slice(25).map(async ({ file_id }, i) => {
          const uploaded = upload(file_id, i);
          await new Promise((resolve) => setTimeout(resolve, i % 5));
          return [(await uploaded).status, (await remove(file_id)).status];
        }),
      )),
    );
    expect(errors).toEqual([]);
    expect(outcomes.slice(0, 25)).toEqual(Array(25).fill([404, 200]));
    for (const [uploaded, removed] of outcomes) {
      expect([200, 404]).toContain(uploaded);
      expect(removed).toBe(200);
    }
    const rows = await s.app.db.all<{ storage_name: string; rendition_name: string | null }>(
      'SELECT storage_name, rendition_name FROM subtitles',
    );
    const referenced = rows.flatMap((r) => [r.storage_name, r.rendition_name ?? []].flat());
    expect((await s.storedKeys()).sort()).toEqual(referenced.sort());
  });

  it('an upload racing the trash of its file never lands on the trashed file: 200 before it, 404 after (× 50)', async () => {
    const victims = (await files('sort_by=file_id&order=asc')).slice(0, 50);
    // When each trash committed, and when each upload's insert began: an insert that began after its
    // file's trash had committed must find the file gone, whatever its earlier check of the file saw.
    const trashedAt = new Map<number, number>();
    const lateInserts: number[] = [];
    const { files: repository, subtitles } = s.app;
    const trash = repository.trash.bind(repository);
    const insert = subtitles.insert.bind(subtitles);
    repository.trash = async (...args) => {
      const result = await trash(...args);
      trashedAt.set(args[1], performance.now());
      return result;
    };
    subtitles.insert = async (sub, quota) => {
      const began = performance.now();
      const stored = await insert(sub, quota);
      const trashed = trashedAt.get(sub.file_id);
      if ('row' in stored && trashed !== undefined && trashed < began) lateInserts.push(sub.file_id);
      return stored;
    };
    let outcomes: number[][];
    try {
      outcomes = await Promise.all(
        victims.map(async ({ file_id }, i) => {
          const uploaded = s.request('POST', '/api/files/sub', {
            key,
            body: uploadForm({ file: { name: `trash-race-${i}.srt`, content: SRT }, file_id, sub_lang: 'en' }),
          });
          await new Promise((resolve) => setTimeout(resolve, i % 10));
          const trashed = s.request('DELETE', `/api/files/${file_id}`, { key });
          return [(await uploaded).status, (await trashed).status];
        }),
      );
    } finally {
      repository.trash = trash;
      subtitles.insert = insert;
    }
    expect(errors).toEqual([]);
    expect(lateInserts).toEqual([]);
    for (const [uploaded, trashed] of outcomes) {
      expect([200, 404]).toContain(uploaded);
      expect(trashed).toBe(200);
    }
    // A refused upload leaves nothing: every stored content is a row's.
    const rows = await s.app.db.all<{ storage_name: string; rendition_name: string | null }>(
      'SELECT storage_name, rendition_name FROM subtitles',
    );
    const referenced = rows.flatMap((r) => [r.storage_name, r.rendition_name ?? []].flat());
    expect((await s.storedKeys()).sort()).toEqual(referenced.sort());
  });

  it('an upload whose file goes to the trash between its check and its insert answers 404 and keeps nothing (× 25)', async () => {
    const victims = (await files('sort_by=file_id&order=asc')).slice(0, 25);
    const store = s.app.store;
    const put = store.put.bind(store);
    let midway: (() => Promise<unknown>) | null = null;
    store.put = async (storageKey, content) => {
      const trashNow = midway;
      midway = null;
      await trashNow?.();
      return put(storageKey, content);
    };
    const outcomes: number[][] = [];
    try {
      for (const [i, { file_id }] of victims.entries()) {
        let trashed = 0;
        midway = async () => (trashed = (await s.request('DELETE', `/api/files/${file_id}`, { key })).status);
        const uploaded = await s.request('POST', '/api/files/sub', {
          key,
          body: uploadForm({ file: { name: `midway-${i}.srt`, content: SRT }, file_id, sub_lang: 'en' }),
        });
        outcomes.push([uploaded.status, trashed]);
        expect(uploaded.body.message).toBe('File not found');
        // Restored, the file shows no track from the refused upload.
        expect((await s.request('POST', `/api/files/${file_id}/restore`, { key })).status).toBe(200);
        expect((await s.request('GET', `/api/subs/?file_id=${file_id}`, { key })).body.data.subs).toEqual([]);
      }
    } finally {
      store.put = put;
    }
    expect(outcomes).toEqual(Array(25).fill([404, 200]));
    const rows = await s.app.db.all<{ storage_name: string; rendition_name: string | null }>(
      'SELECT storage_name, rendition_name FROM subtitles',
    );
    const referenced = rows.flatMap((r) => [r.storage_name, r.rendition_name ?? []].flat());
    expect((await s.storedKeys()).sort()).toEqual(referenced.sort());
  });

  it(
    'opposite isActive flips of one account (× 2,000): never a 500, and the filtered totals stay exact',
    { timeout: 120_000 },
    async () => {
      const pool = (await files('sort_by=file_id&order=desc')).slice(0, 16);
      const rounds = 2_000 / pool.length;
      const state = new Map(pool.map((f) => [f.file_id, f.isActive]));
      for (let round = 0; round < rounds; round++) {
        const statuses = await Promise.all(
          pool.map(async ({ file_id }) => {
            const next = state.get(file_id) === 1 ? 0 : 1;
            state.set(file_id, next);
            return (await s.request('PUT', `/api/files/${file_id}`, { key, json: { isActive: next } })).status;
          }),
        );
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
      }
      expect(errors).toEqual([]);
      const all = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.pagination.total_records;
      const active = await s.app.db.get<{ n: number }>(
        'SELECT count(*) AS n FROM files f JOIN accounts a USING (account_id) WHERE a.username = ? AND f.is_active = 1',
        ['racer'],
      );
      const listed = (await s.request('GET', '/api/files/?limit=1&isActive=1', { key })).body.data.pagination.total_records;
      expect(listed).toBe(Number(active!.n));
      expect((await s.request('GET', '/api/files/?limit=1&isActive=0', { key })).body.data.pagination.total_records).toBe(all - listed);
    },
  );
});

/** Seconds of the mixed load (VP_SOAK_SECONDS=30 for the full soak). */
const SOAK_SECONDS = Number(process.env.VP_SOAK_SECONDS ?? 8);

describe('mixed load on two nodes of one database', () => {
  let a: TestServer;
  let b: TestServer;
  let errors: string[][];

  beforeAll(async () => {
    a = await startServer();
    b = await startServer({}, a.dataDir);
    errors = [serverErrorsOf(a), serverErrorsOf(b)];
    await a.addAccount('mixed', 'mixed-password-29', 200);
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it(
    `${SOAK_SECONDS} s of edits, flips, uploads, deletes, lists and searches from 12 clients: 0 × 500`,
    { timeout: (SOAK_SECONDS + 60) * 1000 },
    async () => {
      const keyA = await a.login('mixed', 'mixed-password-29');
      const keyB = await b.login('mixed', 'mixed-password-29');
      const ids = ((await a.request('GET', '/api/files/?limit=100', { key: keyA })).body.data.files as Listed[]).map((f) => f.file_id);
      const statuses = new Map<number, number>();
      const end = Date.now() + SOAK_SECONDS * 1000;
      let n = 0;
      const client = async (c: number) => {
        const [node, key] = c % 2 ? [a, keyA] : [b, keyB];
        while (Date.now() < end) {
          const id = ids[(n++ * 7 + c) % ids.length]!;
          const op = (n + c) % 8;
          const reply =
            op < 3
              ? await node.request('PUT', `/api/files/${id}`, { key, json: { isActive: (n + c) % 2 } })
              : op === 3
                ? await node.request('PUT', `/api/files/${id}`, { key, json: { file_title: `Mixed ${c} ${n}` } })
                : op === 4
                  ? await node.request('POST', '/api/files/sub', {
                      key,
                      body: uploadForm({ file: { name: 'm.srt', content: SRT }, file_id: id, sub_lang: 'fr' }),
                    })
                  : op === 5 && n % 16 === 0
                    ? await node.request('DELETE', `/api/files/${id}`, { key })
                    : op === 6
                      ? await node.request('GET', `/api/files/?search=mixed&isActive=${n % 2}`, { key })
                      : await node.request('GET', `/api/files/?page=${(n % 3) + 1}&sort_by=file_title`, { key });
          statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 12 }, (_, c) => client(c)));
      expect(errors.flat()).toEqual([]);
      expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
      expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    },
  );
});
