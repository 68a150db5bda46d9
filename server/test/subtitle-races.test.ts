import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encode } from '../../src/subtitle-text/test-support/encode';
import { makeRendition } from '../src/subtitles/subtitle-content';
import { ENGINE, startServer, uploadForm, type TestServer } from './helpers';

/**
 * Track changes racing each other on one track, as two operators (or two tabs) do: every change either
 * lands whole or is refused, no stored object is left without a row (in the store, outside the quota
 * and the journal), and an edit of one column never reverts a concurrent edit of the other.
 */
const RUSSIAN = ['Привет! Как дела?', 'Я не знаю, что сказать.'];
const BYTES = encode(
  RUSSIAN.map((line, i) => `${i + 1}\r\n00:00:0${i * 2 + 1},000 --> 00:00:0${i * 2 + 2},000\r\n${line}\r\n`).join('\r\n'),
  'windows-1251',
);
const CHARSETS = ['windows-1251', 'koi8-r', 'iso-8859-5', 'ibm866'];
const LANGS = ['ru', 'uk', 'bg', 'sr'];

describe(`subtitle track changes under races (${ENGINE})`, () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  let serial = 0;

  const upload = async (charset: string): Promise<number> => {
    const res = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({
        file: { name: 'race.srt', content: BYTES },
        file_id: fileId,
        sub_lang: 'ru',
        sub_tmp: `Race${String(serial++).padStart(12, '0')}_race.srt`,
        sub_charset: charset,
      }),
    });
    expect(res.status).toBe(200);
    return res.body.data.sub.sub_id as number;
  };
  const put = (subId: number, json: object) => s.request('PUT', `/api/subs/${subId}`, { key, json });

  /** Stored objects no row points at, and journal entries left open. */
  const leftovers = async () => {
    const rows = await s.app.db.all<{ storage_name: string; rendition_name: string | null }>(
      'SELECT storage_name, rendition_name FROM subtitles',
    );
    const referenced = new Set(rows.flatMap((r) => [r.storage_name, r.rendition_name]));
    const journal = await s.app.db.get<{ n: number | string }>('SELECT COUNT(*) AS n FROM storage_journal');
    return { orphans: (await s.storedKeys()).filter((k) => !referenced.has(k)).length, journal: Number(journal?.n ?? 0) };
  };
  /** The row as stored, and whether the rendition the player serves is the one its charset makes. */
  const stored = async (subId: number) => {
    const row = (await s.app.db.get<{ sub_lang: string; sub_charset: string; rendition_name: string; rendition_size: number | string }>(
      'SELECT sub_lang, sub_charset, rendition_name, rendition_size FROM subtitles WHERE sub_id = ?',
      [subId],
    ))!;
    const expected = makeRendition(BYTES, 'race.srt', row.sub_charset);
    const served = new Uint8Array(await s.app.store.get(row.rendition_name));
    return {
      sub_lang: row.sub_lang,
      sub_charset: row.sub_charset,
      renditionMatches: expected.ok && Buffer.compare(expected.content, served) === 0 && Number(row.rendition_size) === served.byteLength,
    };
  };

  /**
   * A loaded machine, made repeatable: the next call of `method` of the subtitles repository reads its
   * row, then waits for `release()` — so a racing request runs whole between that read and the
   * request's next step (reading the content the row names). `read` settles once the row was read.
   */
  const pauseAfterNextRead = (method: 'get' | 'getPublic') => {
    const repository = s.app.subtitles;
    const original = repository[method];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let markRead!: () => void;
    const read = new Promise<void>((resolve) => (markRead = resolve));
    repository[method] = async function (this: typeof repository, ...args: Parameters<typeof original>) {
      repository[method] = original; // only the next call pauses
      const row = await original.apply(this, args as never);
      markRead();
      await released;
      return row;
    } as typeof original;
    return { read, release };
  };

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('racer', 'racer-password', 1);
    key = await s.login('racer', 'racer-password');
    fileId = (await s.request('GET', '/api/files/', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  it('two encoding changes at once × 200: each lands whole or answers 409; nothing is orphaned', async () => {
    const subId = await upload('windows-1251');
    const statuses = new Map<number, number>();
    for (let i = 0; i < 200; i++) {
      const [a, b] = [CHARSETS[(i + 1) % 4]!, CHARSETS[(i + 2) % 4]!];
      const replies = await Promise.all([put(subId, { sub_charset: a }), put(subId, { sub_charset: b })]);
      for (const reply of replies) statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
      const now = await stored(subId);
      // The stored encoding is one a 200 answered with, and the served rendition is made with it.
      const landed = replies.filter((r) => r.status === 200).map((r) => r.body.data.sub_charset as string);
      expect(landed.length).toBeGreaterThanOrEqual(1);
      expect(landed).toContain(now.sub_charset);
      expect(now.renditionMatches).toBe(true);
    }
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200]));
    expect([...statuses.keys()].every((status) => status === 200 || status === 409)).toBe(true);
    expect(await leftovers()).toEqual({ orphans: 0, journal: 0 });
    console.log(`two encoding changes × 200 (${ENGINE}): ${JSON.stringify(Object.fromEntries(statuses))}; 0 orphaned objects`);
  });

  it('an encoding change racing the delete × 50, and the delete for good × 50: 200 or 404, never 500; nothing is orphaned', async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 50; i++) {
      const subId = await upload('koi8-r');
      const [change, removal] = await Promise.all([
        put(subId, { sub_charset: 'windows-1251' }),
        s.request('DELETE', `/api/subs/${subId}`, { key }),
      ]);
      expect(removal.status).toBe(200);
      expect([200, 404]).toContain(change.status);
      statuses.set(change.status, (statuses.get(change.status) ?? 0) + 1);
    }
    // The change has read the row when the track goes to the trash and out of it for good, content and
    // all; then it reads the original it rebuilds from (it was a 500: "No stored subtitle content").
    for (let i = 0; i < 50; i++) {
      const subId = await upload('koi8-r');
      const pause = pauseAfterNextRead('get');
      const change = put(subId, { sub_charset: 'windows-1251' });
      await pause.read;
      expect((await s.request('DELETE', `/api/subs/${subId}`, { key })).status).toBe(200);
      expect((await s.request('DELETE', `/api/subs/${subId}?permanent=1`, { key })).status).toBe(200);
      pause.release();
      expect((await change).status).toBe(404);
    }
    // The same for a download of the original.
    const subId = await upload('koi8-r');
    const pause = pauseAfterNextRead('get');
    const download = s.request('GET', `/api/subs/${subId}/content`, { key });
    await pause.read;
    await s.request('DELETE', `/api/subs/${subId}`, { key });
    await s.request('DELETE', `/api/subs/${subId}?permanent=1`, { key });
    pause.release();
    expect((await download).body).toEqual({ status: 'error', message: 'Subtitle not found' });
    expect(await leftovers()).toEqual({ orphans: 0, journal: 0 });
    console.log(
      `encoding change vs delete × 50 (${ENGINE}): change answered ${JSON.stringify(Object.fromEntries(statuses))}; vs delete for good × 50: 404; 0 orphaned objects`,
    );
  });

  it("the player's rendition read while an encoding change replaces it × 50: 200, the new rendition", async () => {
    const subId = await upload('windows-1251');
    await s.request('PUT', `/api/files/${fileId}`, { key, json: { isActive: 1 } });
    const slug = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data.file_slug as string;
    for (let i = 0; i < 50; i++) {
      // The player has read the row when the change replaces the rendition it names (and deletes it).
      const pause = pauseAfterNextRead('getPublic');
      const served = fetch(`${s.base}/player/${encodeURIComponent(slug)}/subtitles/${subId}.vtt`);
      await pause.read;
      const charset = CHARSETS[(i + 1) % 4]!;
      expect((await put(subId, { sub_charset: charset })).status).toBe(200);
      pause.release();
      const reply = await served;
      expect(reply.status).toBe(200);
      const made = makeRendition(BYTES, 'race.srt', charset);
      expect(made.ok && Buffer.compare(made.content, new Uint8Array(await reply.arrayBuffer()))).toBe(0);
    }
    expect(await leftovers()).toEqual({ orphans: 0, journal: 0 });
  });

  it('an encoding change racing a language change × 100: both land, neither reverts the other', async () => {
    const subId = await upload('windows-1251');
    for (let i = 0; i < 100; i++) {
      const [charset, lang] = [CHARSETS[(i + 1) % 4]!, LANGS[(i + 1) % 4]!];
      const replies = await Promise.all([put(subId, { sub_charset: charset }), put(subId, { sub_lang: lang })]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(await stored(subId)).toEqual({ sub_lang: lang, sub_charset: charset, renditionMatches: true });
    }
    expect(await leftovers()).toEqual({ orphans: 0, journal: 0 });
  });
});
