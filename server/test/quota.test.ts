import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRendition } from '../src/subtitles/subtitle-content';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';
import { quotaMessage } from '../src/schemas/messages';

/** A subtitle of exactly `size` bytes. */
const sized = (size: number) => (SRT + 'x'.repeat(size)).slice(0, size);
/** What a track of `size` bytes takes in storage: the original plus the player's WebVTT copy. */
const stored = (size: number): number => {
  const rendition = makeRendition(new TextEncoder().encode(sized(size)), 'q.srt');
  if (!rendition.ok) throw new Error(rendition.reason);
  return size + rendition.content.byteLength;
};
/** Room for a track of 600 bytes and one of 400, to the byte. */
const QUOTA = stored(600) + stored(400);

describe('storage quota per account', () => {
  let s: TestServer;
  let key: string;
  let otherKey: string;
  let fileId: number;
  const upload = (k: string, size: number, fileIdOf = fileId, subTmp?: string) =>
    s.request('POST', '/api/files/sub', {
      key: k,
      body: uploadForm({ file: { name: 'q.srt', content: sized(size) }, file_id: fileIdOf, sub_lang: 'en', sub_tmp: subTmp }),
    });

  beforeAll(async () => {
    s = await startServer({ accountQuotaBytes: QUOTA });
    await s.addAccount('quota', 'quota-password', 2);
    await s.addAccount('roomy', 'roomy-password', 1);
    key = await s.login('quota', 'quota-password');
    otherKey = await s.login('roomy', 'roomy-password');
    fileId = (await s.request('GET', '/api/files/', { key })).body.data.files[0].file_id;
  });
  afterAll(() => s.close());

  it('counts originals and player copies, fills up to exactly the quota, then refuses one byte more with 413; nothing of the refused upload is kept', async () => {
    expect((await upload(key, 600, fileId, 'AbCdEfGh12345678_first.srt')).status).toBe(200);
    expect((await upload(key, 400)).status).toBe(200); // QUOTA of QUOTA bytes: at the boundary, allowed
    const keysBefore = await s.storedKeys();
    const over = await upload(key, 1);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ status: 'error', message: quotaMessage(QUOTA, QUOTA) });
    expect(over.body.message).toContain('counting each original file and its player copy');
    expect(await s.storedKeys()).toEqual(keysBefore);
    expect(s.tempFiles()).toEqual([]);
    console.log(`quota: ${QUOTA} of ${QUOTA} bytes stored (1,000 of originals); 1 byte more → ${over.status} "${over.body.message}"`);
  });

  it('a retry of an upload that is already stored is not counted twice', async () => {
    const again = await upload(key, 600, fileId, 'AbCdEfGh12345678_first.srt');
    expect(again.status).toBe(200);
  });

  it('another account has its own quota; deleting for good frees space, the trash still counts', async () => {
    const other = await s.request('GET', '/api/files/', { key: otherKey });
    expect((await upload(otherKey, 900, other.body.data.files[0].file_id)).status).toBe(200);
    const subs = (await s.request('GET', `/api/subs?file_id=${fileId}`, { key })).body.data.subs as { sub_id: number; sub_size: number }[];
    const small = subs.find((sub) => sub.sub_size === 400)!;
    expect((await s.request('DELETE', `/api/subs/${small.sub_id}`, { key })).status).toBe(200);
    expect((await upload(key, 400)).status).toBe(413); // the trash still stores it
    expect((await s.request('DELETE', `/api/subs/${small.sub_id}?permanent=1`, { key })).status).toBe(200);
    expect((await upload(key, 400)).status).toBe(200);
    expect((await upload(key, 1)).status).toBe(413);
  });

  it('parallel uploads cannot overshoot the quota together', async () => {
    const s2 = await startServer({ accountQuotaBytes: 3 * stored(300) });
    try {
      const racer = await s2.addAccount('racer', 'racer-password', 1);
      const k = await s2.login('racer', 'racer-password');
      const id = (await s2.request('GET', '/api/files/', { key: k })).body.data.files[0].file_id;
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          s2.request('POST', '/api/files/sub', {
            key: k,
            body: uploadForm({ file: { name: 'r.srt', content: sized(300) }, file_id: id, sub_lang: 'en' }),
          }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 413]);
      expect(await s2.app.subtitles.usedBytes(racer)).toBe(3 * stored(300));
      expect((await s2.storedKeys()).length).toBe(6); // three tracks: each original and its player rendition
    } finally {
      await s2.close();
    }
  });
});
