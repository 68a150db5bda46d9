import { newStorageKey } from '../src/db/subtitle-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOBSUB_REASON } from '../../src/subtitle-text';
import { buildCorpus } from '../../src/subtitle-text/test-support/corpus';
import { judgeRendition } from '../../src/subtitle-text/test-support/evaluate';
import { BOMS, encode, withPrefix } from '../../src/subtitle-text/test-support/encode';
import { toPlainText } from '../../src/subtitle-text/cue-markup';
import { parseVtt } from '../../src/subtitle-text/parse-vtt';
import { unknownCharset } from '../src/subtitles/subtitle-content';
import { startServer, uploadForm, type TestServer } from './helpers';
import { markPlayable } from './pipeline-support';

const RUSSIAN = ['Привет! Как дела?', 'Я не знаю, что сказать.'];
const srt = (lines: readonly string[]) =>
  lines.map((line, i) => `${i + 1}\r\n00:00:0${i * 2 + 1},000 --> 00:00:0${i * 2 + 2},000\r\n${line}\r\n`).join('\r\n');

describe('subtitle renditions: every encoding and format plays, the original is kept', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  let slug: string;
  let serial = 0;

  /** Uploads bytes; returns the reply body. */
  const upload = async (name: string, content: Uint8Array<ArrayBuffer> | string, extra: { sub_charset?: string; sub_lang?: string } = {}) =>
    (
      await s.request('POST', '/api/files/sub', {
        key,
        body: uploadForm({
          file: { name, content },
          file_id: fileId,
          sub_lang: 'ru',
          sub_tmp: `Corpus${String(serial++).padStart(10, '0')}_${name}`,
          ...extra,
        }),
      })
    ).body;
  /** What the player serves for a track, as the text lines of its cues. */
  const served = async (subId: number) => {
    const res = await fetch(`${s.base}/player/${encodeURIComponent(slug)}/subtitles/${subId}.vtt`);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    return parseVtt(await res.text()).cues.map((cue) => ({ start: cue.start, end: cue.end, text: toPlainText(cue.text) }));
  };
  const original = async (subId: number) =>
    new Uint8Array(await (await fetch(`${s.base}/api/subs/${subId}/content`, { headers: { 'x-apikey': key } })).arrayBuffer());

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('renditions', 'renditions-password', 1);
    key = await s.login('renditions', 'renditions-password');
    const file = (await s.request('GET', '/api/files/', { key })).body.data.files[0];
    fileId = file.file_id;
    slug = file.file_slug;
    await s.request('PUT', `/api/files/${fileId}`, { key, json: { isActive: 1 } });
  });
  afterAll(() => s.close());

  it('detects windows-1251 without a hint, serves UTF-8 WebVTT, keeps the original byte for byte', async () => {
    const bytes = encode(srt(RUSSIAN), 'windows-1251');
    const body = await upload('ru.srt', bytes);
    expect(body.data.sub).toMatchObject({ sub_charset: 'windows-1251', sub_size: bytes.length });
    expect(await served(body.data.sub.sub_id)).toEqual([
      { start: 1000, end: 2000, text: RUSSIAN[0] },
      { start: 3000, end: 4000, text: RUSSIAN[1] },
    ]);
    expect(await original(body.data.sub.sub_id)).toEqual(bytes);
    const listed = (await s.request('GET', `/api/subs?file_id=${fileId}`, { key })).body.data.subs;
    expect(listed.find((sub: { sub_id: number }) => sub.sub_id === body.data.sub.sub_id).sub_charset).toBe('windows-1251');
  });

  it('takes sub_charset as any WHATWG label; refuses an unknown one and stores nothing', async () => {
    const bytes = encode(srt(RUSSIAN), 'koi8-r');
    const body = await upload('koi.srt', bytes, { sub_charset: 'csKOI8R' });
    expect(body.data.sub.sub_charset).toBe('koi8-r');
    expect((await served(body.data.sub.sub_id))[0]?.text).toBe(RUSSIAN[0]);
    const keys = (await s.storedKeys()).length;
    const refused = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'x.srt', content: bytes }, file_id: fileId, sub_lang: 'ru', sub_charset: 'klingon-8' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ status: 'error', message: unknownCharset('klingon-8') });
    expect((await s.storedKeys()).length).toBe(keys);
  });

  it('plays ASS, SSA, MicroDVD and SubViewer .sub, UTF-16 without a BOM and UTF-32; refuses a VobSub .sub', async () => {
    const ass = `[Script Info]\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,{\\i1}${RUSSIAN[1]}{\\i0}\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an8}${RUSSIAN[0]}\\Nвторая строка\n`;
    const cases: [string, Uint8Array<ArrayBuffer>][] = [
      ['a.ass', encode(ass, 'utf-8')],
      [
        'a.ssa',
        encode(
          ass
            .replace('v4.00+', 'v4.00')
            .replace('Layer', 'Marked')
            .replace(/Dialogue: 0/g, 'Dialogue: Marked=0'),
          'windows-1251',
        ),
      ],
      ['a.sub', encode(`{1}{1}25\r\n{25}{50}${RUSSIAN[0]}|вторая строка\r\n{75}{100}${RUSSIAN[1]}`, 'windows-1251')],
      [
        'b.sub',
        encode(
          `[INFORMATION]\r\n[END INFORMATION]\r\n00:00:01.00,00:00:02.00\r\n${RUSSIAN[0]}[br]вторая строка\r\n\r\n00:00:03.00,00:00:04.00\r\n${RUSSIAN[1]}\r\n`,
          'utf-8',
        ),
      ],
      [
        'a.vtt',
        encode(`WEBVTT\n\n00:01.000 --> 00:02.000\n${RUSSIAN[0]}\nвторая строка\n\n00:03.000 --> 00:04.000\n${RUSSIAN[1]}\n`, 'utf-16le'),
      ],
      ['b.srt', withPrefix(BOMS['utf-32be']!, encode(srt([`${RUSSIAN[0]}\r\nвторая строка`, RUSSIAN[1]!]), 'utf-32be'))],
    ];
    for (const [name, bytes] of cases) {
      const body = await upload(name, bytes);
      expect(body.status, `${name}: ${body.message}`).toBe('success');
      expect(await served(body.data.sub.sub_id), name).toEqual([
        { start: 1000, end: 2000, text: `${RUSSIAN[0]}\nвторая строка` },
        { start: 3000, end: 4000, text: RUSSIAN[1] },
      ]);
      expect(await original(body.data.sub.sub_id), name).toEqual(bytes);
    }
    await markPlayable(s.app.db, fileId);
    const html = await (await fetch(`${s.base}/player/${encodeURIComponent(slug)}`)).text();
    expect((html.match(/<track /g) ?? []).length).toBeGreaterThanOrEqual(cases.length);

    const vobsub = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({
        file: { name: 'movie.sub', content: new Uint8Array([0, 0, 1, 0xba, 0x44, 0, 4, 0, 4, 1]) },
        file_id: fileId,
        sub_lang: 'ru',
      }),
    });
    expect(vobsub.status).toBe(400);
    expect(vobsub.body.message).toBe(VOBSUB_REASON);
  });

  it('PUT sub_charset rebuilds the rendition from the untouched original; the old rendition is deleted', async () => {
    const bytes = encode(srt(RUSSIAN), 'windows-1251');
    const { sub } = (await upload('fix.srt', bytes, { sub_charset: 'koi8-r' })).data; // a wrong choice at upload
    expect((await served(sub.sub_id))[0]?.text).not.toBe(RUSSIAN[0]);
    const keys = (await s.storedKeys()).length;
    const fixed = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_charset: 'windows-1251' } });
    expect(fixed.body).toMatchObject({
      status: 'success',
      message: 'Subtitle updated successfully',
      data: { sub_charset: 'windows-1251', sub_lang: 'ru' },
    });
    expect((await served(sub.sub_id))[0]?.text).toBe(RUSSIAN[0]);
    expect((await s.storedKeys()).length).toBe(keys);
    expect(await original(sub.sub_id)).toEqual(bytes);

    const same = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_lang: 'ru', sub_charset: 'cp1251' } });
    expect(same.body).toMatchObject({ status: 'warning', message: 'No changes to save' });
    const unknown = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_charset: 'nope' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(unknownCharset('nope'));
    // Read as UTF-32 the bytes are not text: refused, and the working rendition stays.
    const broken = await s.request('PUT', `/api/subs/${sub.sub_id}`, { key, json: { sub_charset: 'utf-32le' } });
    expect(broken.status).toBe(400);
    expect((await served(sub.sub_id))[0]?.text).toBe(RUSSIAN[0]);
  });

  it('a rebuild cut off before its row changes (a crash) leaves nothing behind once the journal is settled', async () => {
    // The recovery below settles every open entry, not only this test's: once, one content of `before` was
    // gone after it. Whatever earlier tests left open is settled first, so that `before` holds what stays.
    await s.app.storageJournal.recover(Date.now() + 2 * 3_600_000);
    const bytes = encode(srt(RUSSIAN), 'windows-1251');
    const { sub } = (await upload('cut.srt', bytes, { sub_charset: 'koi8-r' })).data;
    const before = await s.storedKeys();
    // The row update never comes back: the process "dies" with the new rendition stored. The real update
    // comes back only once the stub was reached: the stored key shows a moment before the update is called.
    const replaceRendition = s.app.subtitles.replaceRendition;
    let reached = false;
    s.app.subtitles.replaceRendition = () => {
      reached = true;
      return new Promise(() => {});
    };
    // The client hangs up once the rendition is stored: a request left open would hold the server's close for a minute.
    const hangUp = new AbortController();
    try {
      fetch(`${s.base}/api/subs/${sub.sub_id}`, {
        method: 'PUT',
        headers: { 'x-apikey': key, 'content-type': 'application/json' },
        body: JSON.stringify({ sub_charset: 'windows-1251' }),
        signal: hangUp.signal,
      }).catch(() => {});
      await expect.poll(() => reached, { timeout: 10_000 }).toBe(true);
      expect((await s.storedKeys()).length).toBe(before.length + 1);
    } finally {
      hangUp.abort();
      s.app.subtitles.replaceRendition = replaceRendition;
    }
    // Recovery (as after a restart, once the entry is stale) deletes the rendition no row points at.
    await s.app.storageJournal.recover(Date.now() + 2 * 3_600_000);
    expect((await s.storedKeys()).sort()).toEqual([...before].sort());
    expect((await served(sub.sub_id))[0]?.text).not.toBe(RUSSIAN[0]); // still the old (koi8-r) rendition
  });

  it('serves windows-1252 typographic punctuation (bytes 0x80–0x9F) as the text says, named or detected', async () => {
    const line = 'C’est l’œuvre de ma sœur… – 5 €';
    const bytes = encode(srt([line, '« Très bien », dit-il. Où est Zoë ?']), 'windows-1252');
    for (const extra of [{ sub_charset: 'windows-1252' }, {}]) {
      const body = await upload('fr.srt', bytes, extra);
      expect(body.data.sub.sub_charset).toBe('windows-1252');
      expect((await served(body.data.sub.sub_id))[0]?.text).toBe(line);
    }
  });

  it('serves WebVTT cue text with only the tags WebVTT defines', async () => {
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<script>alert(1)</script><i>Hi</i> <img src=x onerror=alert(1)>there\n';
    const body = await upload('xss.vtt', vtt);
    const res = await fetch(`${s.base}/player/${encodeURIComponent(slug)}/subtitles/${body.data.sub.sub_id}.vtt`);
    const text = await res.text();
    expect(text).toContain('alert(1)<i>Hi</i> there');
    expect(text).not.toMatch(/<script|<img|onerror=/);
  });

  it('deleting a track deletes its original and its rendition', async () => {
    const keys = (await s.storedKeys()).length;
    const { sub } = (await upload('gone.srt', encode(srt(RUSSIAN), 'utf-8'))).data;
    expect((await s.storedKeys()).length).toBe(keys + 2);
    await s.request('DELETE', `/api/subs/${sub.sub_id}`, { key });
    await s.request('DELETE', `/api/subs/${sub.sub_id}?permanent=1`, { key });
    expect((await s.storedKeys()).length).toBe(keys);
  });

  it('the corpus through the server: legacy files with no sub_charset (only the track language known) all read right, originals kept 100 %', async () => {
    const legacy = buildCorpus().filter((entry) => entry.legacy && entry.id.endsWith('/long'));
    let readsRight = 0;
    for (const entry of legacy) {
      const body = await upload(entry.fileName, entry.bytes, { sub_lang: entry.languageCode });
      expect(body.status, entry.id).toBe('success');
      expect(await original(body.data.sub.sub_id), entry.id).toEqual(entry.bytes);
      const vtt = await (await fetch(`${s.base}/player/${encodeURIComponent(slug)}/subtitles/${body.data.sub.sub_id}.vtt`)).text();
      const judged = judgeRendition(entry, vtt);
      expect(judged.timingsRight, entry.id).toBe(true);
      if (judged.readsRight) readsRight++;
    }
    expect(readsRight).toBe(legacy.length);
  }, 120_000); // every long legacy file of the corpus, uploaded and converted one after another: 30 s on a busy machine was not enough
});

describe('the rendition migration: tracks stored before renditions existed', () => {
  it('get a rendition when the server starts, and play', async () => {
    const first = await startServer();
    const dataDir = first.dataDir;
    await first.addAccount('old', 'old-password', 1);
    const key = await first.login('old', 'old-password');
    const file = (await first.request('GET', '/api/files/', { key })).body.data.files[0];
    await first.request('PUT', `/api/files/${file.file_id}`, { key, json: { isActive: 1 } });
    // As an older server stored it: the original only, no charset, no rendition.
    const bytes = encode(srt(RUSSIAN), 'windows-1251');
    const storageName = newStorageKey();
    await first.app.store.put(storageName, bytes);
    await first.app.db.run(
      'INSERT INTO subtitles (file_id, account_id, sub_lang, sub_size, sub_name, storage_name, sub_tmp, created_at) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)',
      [
        file.file_id,
        (await first.app.db.get<{ account_id: number }>('SELECT account_id FROM files WHERE file_id = ?', [file.file_id]))!.account_id,
        'ru',
        bytes.length,
        'old.ass.srt',
        storageName,
        first.now.value,
      ],
    );
    await first.app.close();

    const again = await startServer({}, dataDir);
    try {
      const row = await again.app.db.get<{ sub_id: number; sub_charset: string; rendition_name: string }>(
        'SELECT sub_id, sub_charset, rendition_name FROM subtitles',
      );
      expect(row).toMatchObject({ sub_charset: 'windows-1251' });
      expect(row!.rendition_name).toMatch(/^[A-Za-z0-9]{32}$/);
      const vtt = await (await fetch(`${again.base}/player/${encodeURIComponent(file.file_slug)}/subtitles/${row!.sub_id}.vtt`)).text();
      expect(vtt).toContain(RUSSIAN[0]);
    } finally {
      await again.close();
    }
  });
});
