import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SRT, startServer, uploadForm, type Reply, type TestServer } from './helpers';

/**
 * The server's behaviour, locked while its code is rearranged: the OpenAPI document and the replies to a
 * recorded walk through the API (a sign-in, the list and its errors, edits, subtitles, the trash, a bulk
 * job, activity) are kept as files, the same for both engines. A refactor that changes a status, a header the kit
 * reads or one byte of a body fails here. A deliberate change of behaviour updates the files
 * (`vitest -u`) in the same commit, where a reviewer sees the difference.
 *
 * Only what varies by design is masked: the sign-in key, the test server's port, and the event-log
 * position a reply carries (the node's reader moves on its own time; its tests are file-events.test.ts).
 */
const KEPT_HEADERS = ['content-type', 'etag', 'cache-control', 'content-disposition', 'x-last-event-id', 'retry-after', 'allow'];

function recorded(step: string, reply: Reply, secrets: string[]) {
  const headers = Object.fromEntries(KEPT_HEADERS.flatMap((name) => (reply.headers.has(name) ? [[name, reply.headers.get(name)]] : [])));
  if (headers['x-last-event-id']) headers['x-last-event-id'] = headers['x-last-event-id'].replace(/^\d+$/, '<position>');
  let body = reply.text;
  for (const secret of secrets) body = body.split(secret).join('<secret>');
  return { step, status: reply.status, headers, body };
}

describe('the behaviour lock', () => {
  let s: TestServer;
  let key: string;
  const replies: ReturnType<typeof recorded>[] = [];
  const call = async (step: string, method: string, url: string, init: Parameters<TestServer['request']>[2] = {}) => {
    const reply = await s.request(method, url, { key, ...init });
    replies.push(recorded(step, reply, [key, s.base]));
    return reply;
  };

  beforeAll(async () => {
    s = await startServer();
    await s.addAccount('lock', 'lock-password-one', 30);
    await s.addAccount('other', 'other-password-one', 3);
  });
  afterAll(() => s.close());

  it('serves the same OpenAPI document', async () => {
    const res = await s.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    await expect(JSON.stringify(res.body, null, 1)).toMatchFileSnapshot('./__snapshots__/openapi.json');
  });

  it('answers the recorded requests byte for byte as before', async () => {
    const signIn = await s.request('POST', '/api/auth/login', { json: { username: 'lock', password: 'lock-password-one' } });
    key = signIn.body.data.apiKey;
    replies.push(recorded('sign in', signIn, [key, s.base]));
    await call('sign in, wrong password', 'POST', '/api/auth/login', { key: undefined, json: { username: 'lock', password: 'nope' } });
    await call('list without a key', 'GET', '/api/files/', { key: 'not-a-key' });
    await call('config', 'GET', '/api/config');
    await call('config, save embed defaults', 'PUT', '/api/config', { json: { player: { embed: { start: 5, autoplay: true } } } });
    await call('config, bad embed defaults', 'PUT', '/api/config', { json: { player: { embed: { start: -1 } } } });

    await call('list, first page', 'GET', '/api/files/?limit=5');
    await call('list, sorted by title', 'GET', '/api/files/?limit=5&sort_by=file_title&order=asc&page=2');
    await call('list, search', 'GET', '/api/files/?search=lecture&limit=5');
    await call('list, filters', 'GET', '/api/files/?isActive=1&file_status=10&limit=5');
    await call('list, limit too high', 'GET', '/api/files/?limit=101');
    await call('list, unknown sort', 'GET', '/api/files/?sort_by=nope');
    await call('list, unknown parameter', 'GET', '/api/files/?colour=red');

    const ids: number[] = (await s.request('GET', '/api/files/?limit=30&sort_by=file_id&order=asc', { key })).body.data.files.map(
      (f: { file_id: number }) => f.file_id,
    );
    const [first, second, third] = ids as [number, number, number];
    const file = await call('a file', 'GET', `/api/files/${first}`);
    await call('a file that is not there', 'GET', '/api/files/999999');
    await call('a file id that is no number', 'GET', '/api/files/abc');
    await call('rename', 'PUT', `/api/files/${first}`, {
      json: { file_title: 'Renamed for the lock' },
      headers: { 'if-match': file.headers.get('etag')! },
    });
    await call('rename with a stale version', 'PUT', `/api/files/${first}`, {
      json: { file_title: 'Stale' },
      headers: { 'if-match': file.headers.get('etag')! },
    });
    await call('save without changes', 'PUT', `/api/files/${first}`, { json: { file_title: 'Renamed for the lock' } });
    await call('a bad slug', 'PUT', `/api/files/${first}`, { json: { file_slug: 'not a slug!' } });
    await call('an empty title', 'PUT', `/api/files/${first}`, { json: { file_title: '  ' } });
    await call('a status from a client', 'PUT', `/api/files/${first}`, { json: { file_status: 10 } });
    await call('deactivate', 'PUT', `/api/files/${second}`, { json: { isActive: 0 } });
    await call('malformed JSON', 'PUT', `/api/files/${second}`, {
      body: '{"file_title":',
      headers: { 'content-type': 'application/json' },
    });

    const upload = await call('upload a subtitle', 'POST', '/api/files/sub', {
      body: uploadForm({ file: { name: 'lock.srt', content: SRT }, file_id: first, sub_lang: 'en', sub_tmp: 'LOCKLOCKLOCK0001_lock.srt' }),
    });
    if (upload.status !== 200) throw new Error(upload.text);
    const subId = upload.body.data.sub.sub_id;
    await call('upload a subtitle, bad language', 'POST', '/api/files/sub', {
      body: uploadForm({ file: { name: 'lock.srt', content: SRT }, file_id: first, sub_lang: 'xx', sub_tmp: 'LOCKLOCKLOCK0002_lock.srt' }),
    });
    await call('subtitles of a file', 'GET', `/api/subs?file_id=${first}`);
    const sub = await call('a subtitle', 'GET', `/api/subs/${subId}`);
    await call('its original', 'GET', `/api/subs/${subId}/content`);
    await call('its text to edit', 'GET', `/api/subs/${subId}/vtt`);
    await call('save edited text', 'PUT', `/api/subs/${subId}/content`, {
      body: 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nHello <script>x</script>there\n',
      headers: { 'content-type': 'text/vtt', 'if-match': sub.headers.get('etag')! },
    });
    await call('save edited text without If-Match', 'PUT', `/api/subs/${subId}/content`, {
      body: 'WEBVTT\n',
      headers: { 'content-type': 'text/vtt' },
    });
    await call('its versions', 'GET', `/api/subs/${subId}/versions`);
    await call('its first version', 'GET', `/api/subs/${subId}/versions/1/vtt`);
    await call('change its language', 'PUT', `/api/subs/${subId}`, { json: { sub_lang: 'fr' } });
    await call('delete the subtitle', 'DELETE', `/api/subs/${subId}`);
    await call('restore the subtitle', 'POST', `/api/subs/${subId}/restore`);

    await call('delete a file', 'DELETE', `/api/files/${third}`);
    await call('the trash', 'GET', '/api/files/?trashed=1');
    await call('restore a file', 'POST', `/api/files/${third}/restore`);
    await call('restore a file not in the trash', 'POST', `/api/files/${third}/restore`);
    await call('delete for good a file not in the trash', 'DELETE', `/api/files/${third}?permanent=1`);
    await call('activity of a file', 'GET', `/api/files/${first}/activity`);

    const bulk = await call('a bulk job', 'POST', '/api/files/bulk', {
      json: { action: 'deactivate', ids: ids.slice(5, 10) },
      headers: { 'idempotency-key': 'lock-bulk-1' },
    });
    await call('a bulk job without a key', 'POST', '/api/files/bulk', { json: { action: 'deactivate', ids: [first] } });
    await call('a bulk job, bad action', 'POST', '/api/files/bulk', {
      json: { action: 'paint', ids: [first] },
      headers: { 'idempotency-key': 'lock-bulk-2' },
    });
    const jobId = bulk.body.data.job.job_id ?? bulk.body.data.job.id;
    for (let i = 0; i < 200; i++) {
      const job = await s.request('GET', `/api/jobs/${jobId}`, { key });
      if (job.body.data.job.state !== 'running' && job.body.data.job.state !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await call('the bulk job, ended', 'GET', `/api/jobs/${jobId}`);
    await call('its results', 'GET', `/api/jobs/${jobId}/results.csv`);
    await call("another account's job", 'GET', '/api/jobs/999999');
    await call('events with a bad Last-Event-ID', 'GET', '/api/files/events', { headers: { 'last-event-id': 'nope' } });
    await call('sign out', 'POST', '/api/auth/logout');
    await call('the list after signing out', 'GET', '/api/files/');

    await expect(JSON.stringify(replies, null, 1)).toMatchFileSnapshot('./__snapshots__/contract-replies.json');
  });
});
