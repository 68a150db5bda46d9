import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaEntry } from '../src/db/storage-journal';
import { mediaOfPurgedFile } from '../src/media/file-media';
import { startServer, type TestServer } from './helpers';
import { FAST_WORKER, tinyClip, videoForm, waitForStatus } from './pipeline-support';

const DAY = 86_400_000;
const LONG_SESSIONS = { sessionIdleSeconds: 1e9, sessionMaxSeconds: 1e9 };

/** Every file of the media store, as keys (`files/12-ab3xk9/master.m3u8`). */
function mediaKeys(s: TestServer): string[] {
  const root = s.app.settings.mediaDir;
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}
const mediaOf = (s: TestServer, fileId: number) => mediaKeys(s).filter((key) => key.startsWith(`files/${fileId}-`));
const uploads = (s: TestServer) => mediaKeys(s).filter((key) => key.startsWith('uploads/'));

describe("a purged file's media", () => {
  let s: TestServer;
  let key: string;
  let clip: Buffer;
  beforeAll(async () => {
    clip = await tinyClip();
    s = await startServer({ worker: FAST_WORKER, trashDays: 30, ...LONG_SESSIONS });
    await s.addAccount('purger', 'purger-password', 0);
    key = await s.login('purger', 'purger-password');
  });
  afterAll(() => s.close());

  async function completedVideo(title: string): Promise<number> {
    const added = await s.request('POST', '/api/files', { key, body: videoForm({ title, content: clip }) });
    const fileId: number = added.body.data.file.file_id;
    await waitForStatus(s, key, fileId, [10]);
    return fileId;
  }

  it('keeps the media of a file restored from the trash, and deletes all of it when the file is deleted for good', async () => {
    const fileId = await completedVideo('Kept, then gone');
    const media = mediaOf(s, fileId);
    expect(media).toEqual(expect.arrayContaining([expect.stringMatching(/master\.m3u8$/), expect.stringMatching(/thumb\.jpg$/)]));

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect((await s.request('POST', `/api/files/${fileId}/restore`, { key })).status).toBe(200);
    expect(mediaOf(s, fileId)).toEqual(media);
    const { file_image: image } = (await s.request('GET', `/api/files/${fileId}`, { key })).body.data;
    expect((await fetch(`${s.base}/images/${image}`)).status).toBe(200);

    expect((await s.request('DELETE', `/api/files/${fileId}`, { key })).status).toBe(200);
    expect((await s.request('DELETE', `/api/files/${fileId}?permanent=1`, { key })).status).toBe(200);
    expect(mediaOf(s, fileId)).toEqual([]);
    expect((await fetch(`${s.base}/images/${image}`)).status).toBe(404);
    expect(uploads(s)).toEqual([]);
  });

  it('deletes the media of files whose retention ended, and the upload of one still waiting for its job', async () => {
    const done = await completedVideo('Retention ends');
    await s.app.worker!.stop(); // the next upload stays Pending, its source in the store
    const waiting = (await s.request('POST', '/api/files', { key, body: videoForm({ title: 'Never processed', content: clip }) })).body.data
      .file.file_id as number;
    expect(uploads(s)).toHaveLength(1);
    for (const id of [done, waiting]) expect((await s.request('DELETE', `/api/files/${id}`, { key })).status).toBe(200);

    s.advance(31 * DAY);
    expect(await s.app.purgeExpiredTrash()).toBe(2);
    expect(mediaOf(s, done)).toEqual([]);
    expect(uploads(s)).toEqual([]);
    expect(await s.app.jobs.count('process-file')).toBe(0);
  });

  it('deletes journaled media when the process that purged the row died before it could', async () => {
    await s.app.media.putFile('files/999-orphan/thumb.jpg', __filename);
    await s.app.storageJournal.begin([mediaEntry('files/999-orphan/')], s.now.value);
    expect(mediaOf(s, 999)).toHaveLength(1);
    await s.app.storageJournal.recover(s.now.value + 2 * 3_600_000);
    expect(mediaOf(s, 999)).toEqual([]);
  });

  it("leaves media that is not the file's own: the demo's shared video, another file's folder", () => {
    const row = { file_id: 7, file_rendition: 'files/demo-ab12/master.m3u8', file_image: 'media/files/8-cd34/thumb.jpg', file_slide: null };
    expect(mediaOfPurgedFile(row, [])).toEqual([]);
    expect(mediaOfPurgedFile({ ...row, file_rendition: 'files/7-ef56/master.m3u8' }, ['uploads/tus/x1'])).toEqual([
      'files/7-ef56/',
      'uploads/tus/x1',
      'uploads/tus/x1.json',
    ]);
  });
});
