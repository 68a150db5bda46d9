import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAPTERS_CHANGED, CHAPTERS_NOT_FOUND } from '../src/routes/chapters';
import { CHAPTERS_TAKEN } from '../src/routes/subtitles';
import { NO_DURATION } from '../src/subtitles/chapters-check';
import { quotaMessage } from '../src/schemas/messages';
import { webhookMessages } from '../src/db/webhook-events';
import { openEventStream } from './event-stream';
import { startServer, type TestServer } from './helpers';

/** A file's chapters track (D66): PUT/GET/DELETE /api/files/{id}/chapters, the cue editor, the player page. */
describe('chapters', () => {
  let s: TestServer;
  let key: string;
  let fileId: number;
  let slug: string;
  let otherFileId: number;

  const put = (text: string, type = 'text/plain', headers: Record<string, string> = {}, file = fileId) =>
    s.request('PUT', `/api/files/${file}/chapters`, { key, body: text, headers: { 'content-type': `${type}; charset=utf-8`, ...headers } });
  const get = (file = fileId) => s.request('GET', `/api/files/${file}/chapters`, { key });
  const activity = async () =>
    (
      (await s.request('GET', `/api/files/${fileId}/activity`, { key })).body.data.activity as {
        action: string;
        detail: Record<string, unknown>;
      }[]
    ).map((a) => ({ action: a.action, detail: a.detail }));

  beforeAll(async () => {
    s = await startServer({ accountQuotaBytes: 64 * 1024, chaptersMaxBytes: 4096 });
    await s.addAccount('chapters', 'chapters-password', 2);
    key = await s.login('chapters', 'chapters-password');
    const files = (await s.request('GET', '/api/files/', { key })).body.data.files;
    ({ file_id: fileId, file_slug: slug } = files[0]);
    otherFileId = files[1].file_id;
    await s.app.db.run('UPDATE files SET file_status = 10, is_active = 1, file_rendition = ?, file_duration = ? WHERE file_id = ?', [
      'files/demo-chapters/master.m3u8',
      600.5,
      fileId,
    ]);
    await s.app.db.run('UPDATE files SET file_duration = NULL WHERE file_id = ?', [otherFileId]);
  });
  afterAll(() => s.close());

  it('has none at first: 404, and no track on the player page', async () => {
    expect(await get()).toMatchObject({ status: 404, body: { status: 'error', message: CHAPTERS_NOT_FOUND } });
    expect(await (await fetch(`${s.base}/player/${slug}`)).text()).not.toContain('kind="chapters"');
  });

  it('refuses lines it cannot keep, naming the line and why, and stores nothing', async () => {
    const refusals: [string, string][] = [
      ['00:00 Intro\n\n01:30\n', 'Line 3: the chapter at 1:30 has no title'],
      ['00:00 Intro\n05:00 B\n03:00 C', 'Line 3: 3:00 is not after the chapter before it (5:00): chapters go in order'],
      ['00:00 Intro\n10:01 Past the end', 'Line 2: 10:01 is not before the end of the video (10:00)'],
      ['Intro at the start', 'Line 1: "Intro at the start" is not a chapter (a time, then its title, as 00:00 Intro)'],
    ];
    for (const [text, message] of refusals) expect(await put(text)).toMatchObject({ status: 400, body: { status: 'error', message } });
    const overlapping = 'WEBVTT\n\n00:00.000 --> 01:00.000\nIntro\n\n00:50.000 --> 02:00.000\nTwo\n';
    expect(await put(overlapping, 'text/vtt')).toMatchObject({
      status: 400,
      body: {
        status: 'error',
        message: 'Line 6: the chapter 00:50.000 --> 02:00.000 overlaps the chapter before it (00:00.000 --> 01:00.000)',
      },
    });
    expect(await put('00:00 Intro', 'text/plain', {}, otherFileId)).toMatchObject({ status: 409, body: { message: NO_DURATION } });
    expect(await put('00:00 Intro\n'.repeat(400))).toMatchObject({ status: 413, body: { status: 'error' } });
    expect(await s.app.db.all("SELECT 1 FROM subtitles WHERE track_kind = 'chapters'")).toEqual([]);
  });

  it('stores description lines as a WebVTT chapters track, served by GET and the player page', async () => {
    const stream = await openEventStream(s.base, { key });
    await stream.waitFor((f) => f.event === 'ready');
    const saved = await put('00:00 Intro\n1:30 - The demo\n\n5:00 Questions\n');
    expect(saved.status, saved.text).toBe(200);
    // The file's event: its panel's row and editor hear of it without a reload.
    await stream.waitFor((f) => f.event === 'file' && JSON.parse(f.data!).changes?.chapters === 3);
    expect(stream.fileEvents().at(-1)).toMatchObject({ kind: 'changed', file_id: fileId, changes: { chapters: 3 } });
    stream.close();
    const chapters = [
      { start: 0, end: 90, title: 'Intro' },
      { start: 90, end: 300, title: 'The demo' },
      { start: 300, end: 600.5, title: 'Questions' },
    ];
    expect(saved.body).toMatchObject({ status: 'success', message: 'Chapters saved', data: { file_id: fileId, version: 1, chapters } });
    expect(saved.headers.get('etag')).toBe('"1"');
    const read = await get();
    expect(read).toMatchObject({ status: 200, body: { data: { sub_id: saved.body.data.sub_id, chapters } } });

    const html = await (await fetch(`${s.base}/player/${slug}`)).text();
    const track = `/player/${slug}/subtitles/${saved.body.data.sub_id}.vtt`;
    expect(html).toContain(`<track kind="chapters" srclang="und" label="Chapters" default src="${track}">`);
    expect(html).toContain('<media-chrome-menu-button invoketarget="vp-chapters"');
    expect(html).toContain('<media-chrome-menu-item type="radio" value="90">1:30 The demo</media-chrome-menu-item>');
    expect(await (await fetch(`${s.base}${track}`)).text()).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:01:30.000\nIntro\n\n00:01:30.000 --> 00:05:00.000\nThe demo\n\n00:05:00.000 --> 00:10:00.500\nQuestions\n',
    );
    // Not one of the file's subtitles: the subtitle list and the player's captions leave it out.
    expect((await s.request('GET', `/api/subs?file_id=${fileId}`, { key })).body.data.subs).toEqual([]);
    expect(html).not.toContain('kind="subtitles"');
    expect((await activity())[0]).toEqual({ action: 'chapters_add', detail: { sub_id: saved.body.data.sub_id, chapters: 3 } });
  });

  it('saves a new version on each PUT (If-Match checked), and the cue editor refuses overlaps as PUT does', async () => {
    const before = (await get()).body.data;
    const vtt = 'WEBVTT\n\n00:00.000 --> 02:00.000\nOpening\n\n02:00.000 --> 10:00.000\nThe rest\n';
    expect(await put(vtt, 'text/vtt', { 'if-match': '"99"' })).toMatchObject({
      status: 412,
      body: { message: CHAPTERS_CHANGED, data: before },
    });
    const saved = await put(vtt, 'text/vtt', { 'if-match': `"${before.version}"` });
    expect(saved).toMatchObject({ status: 200, body: { data: { sub_id: before.sub_id, version: before.version + 1 } } });
    expect(saved.body.data.chapters.map((c: { title: string }) => c.title)).toEqual(['Opening', 'The rest']);
    const versions = (await s.request('GET', `/api/subs/${before.sub_id}/versions`, { key })).body.data;
    expect(versions.map((v: { version_no: number }) => v.version_no)).toEqual([2, 1]);
    expect((await activity())[0]).toEqual({ action: 'chapters_edit', detail: { sub_id: before.sub_id, chapters: 2, version_no: 2 } });

    // The cue editor opens it as any track, and its save is checked as a chapters track.
    const opened = await s.request('GET', `/api/subs/${before.sub_id}/vtt`, { key });
    expect(opened.text).toBe(vtt);
    const overlapping = vtt.replace('02:00.000 --> 10:00.000', '01:00.000 --> 10:00.000');
    const refused = await s.request('PUT', `/api/subs/${before.sub_id}/content`, {
      key,
      body: overlapping,
      headers: { 'content-type': 'text/vtt', 'if-match': opened.headers.get('etag')! },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { message: 'Line 6: the chapter 01:00.000 --> 10:00.000 overlaps the chapter before it (00:00.000 --> 02:00.000)' },
    });

    // Its save is the file's change too, logged in the save's own transaction (the track's trigger).
    const stream = await openEventStream(s.base, { key });
    await stream.waitFor((f) => f.event === 'ready');
    const three = vtt.replace(
      '02:00.000 --> 10:00.000\nThe rest\n',
      '02:00.000 --> 06:00.000\nThe rest\n\n06:00.000 --> 10:00.000\nQuestions\n',
    );
    const edited = await s.request('PUT', `/api/subs/${before.sub_id}/content`, {
      key,
      body: three,
      headers: { 'content-type': 'text/vtt', 'if-match': opened.headers.get('etag')! },
    });
    expect(edited.status, edited.text).toBe(200);
    await stream.waitFor((f) => f.event === 'file' && JSON.parse(f.data!).changes?.chapters === 3);
    stream.close();
    const logged = await s.app.db.get<{ changes: string | Record<string, unknown> }>(
      "SELECT changes FROM file_events WHERE file_id = ? AND kind = 'subtitle' ORDER BY id DESC LIMIT 1",
      [fileId],
    );
    const changes = typeof logged!.changes === 'string' ? JSON.parse(logged!.changes) : logged!.changes;
    expect(changes).toMatchObject({ sub_id: before.sub_id, track_kind: 'chapters', change: 'updated' });
    const event = { id: 1, account_id: await accountId(), file_id: fileId, kind: 'subtitle' as const, changes };
    expect(webhookMessages(event, false).map((m) => m.type)).toEqual(['subtitle.updated', 'file.updated']);
    // Back to two, for the tests after this one.
    expect((await put(vtt, 'text/vtt')).status).toBe(200);
  });

  it('counts against the quota', async () => {
    const used = await s.app.subtitles.usedBytes(await accountId());
    expect(used).toBeGreaterThan(0);
    s.app.settings.accountQuotaBytes = used + 10;
    try {
      const res = await put('00:00 One more version of the chapters\n');
      expect(res).toMatchObject({ status: 413, body: { message: quotaMessage(used, used + 10) } });
    } finally {
      s.app.settings.accountQuotaBytes = 64 * 1024;
    }
  });

  it('DELETE moves the track to the trash: 404 after, the player page has none, a new PUT starts a new track', async () => {
    const before = (await get()).body.data;
    const stream = await openEventStream(s.base, { key });
    await stream.waitFor((f) => f.event === 'ready');
    expect(await s.request('DELETE', `/api/files/${fileId}/chapters`, { key })).toMatchObject({
      status: 200,
      body: { message: 'Chapters deleted' },
    });
    await stream.waitFor((f) => f.event === 'file' && JSON.parse(f.data!).changes?.chapters === 0);
    expect(await get()).toMatchObject({ status: 404 });
    expect(await s.request('DELETE', `/api/files/${fileId}/chapters`, { key })).toMatchObject({ status: 404 });
    expect(await (await fetch(`${s.base}/player/${slug}`)).text()).not.toContain('kind="chapters"');
    expect((await activity())[0]).toEqual({ action: 'chapters_trash', detail: { sub_id: before.sub_id } });
    const again = await put('00:00 Again');
    expect(again.status).toBe(200);
    expect(again.body.data.sub_id).not.toBe(before.sub_id);
    // The trashed one cannot come back beside it; once that one is deleted, it can.
    const restore = () => s.request('POST', `/api/subs/${before.sub_id}/restore`, { key });
    expect(await restore()).toMatchObject({ status: 409, body: { status: 'error', message: CHAPTERS_TAKEN } });
    expect((await s.request('DELETE', `/api/files/${fileId}/chapters`, { key })).status).toBe(200);
    expect((await restore()).status).toBe(200);
    expect((await get()).body.data).toMatchObject({ sub_id: before.sub_id, chapters: [{ title: 'Opening' }, { title: 'The rest' }] });
    // Restored from the trash: the file's event says it has its two chapters again.
    await stream.waitFor((f) => f.event === 'file' && JSON.parse(f.data!).changes?.chapters === 2);
    stream.close();
  });

  const accountId = async () =>
    (await s.app.db.get<{ account_id: number }>('SELECT account_id FROM files WHERE file_id = ?', [fileId]))!.account_id;
});
