import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FILE_STATUS } from '../../src/contract/file-status';
import type { WebhookEventType } from '../../src/contract/webhook';
import { readEnv } from '../src/config';
import { FileEventsRepository } from '../src/db/file-events';
import { WebhookOutbox } from '../src/db/webhook-outbox';
import { WebhooksRepository } from '../src/db/webhooks-repository';
import { WEBHOOK_NOT_PUBLIC, WEBHOOK_URL_INVALID } from '../src/routes/webhooks';
import { OUTBOX_HOLD_MS } from '../src/plugins/file-events';
import { DEFAULT_WEBHOOK_BACKOFF_MS, type WebhookSettings } from '../src/plugins/webhooks';
import { postBulk } from './bulk-support';
import { SRT, startServer, uploadForm, type TestServer } from './helpers';

interface Received {
  /** The path and query POSTed to: tells two endpoints on one receiver apart. */
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An answer of a receiver: its status, and any headers and body of its own (else "answer n: status"). */
type Answer = number | { status: number; headers?: Record<string, string>; body?: string };

/** A webhook receiver on loopback: records every POST and answers what `answer` says for the n-th one (from 1; 0: never). */
async function startReceiver() {
  const received: Received[] = [];
  const receiver = {
    received,
    answer: (_n: number): Answer => 200,
    url: '',
    host: '',
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = receiver.answer(received.length);
      const {
        status,
        headers = {},
        body = `answer ${received.length}: ${status}`,
      } = typeof answer === 'number' ? { status: answer } : answer;
      if (status === 0) return; // no answer: the sender gives up (or stops) first
      res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  receiver.host = `127.0.0.1:${port}`;
  receiver.url = `http://127.0.0.1:${port}/hook`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { ...receiver, receiver, close };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const settingsFor = (receiver: Receiver, more: WebhookSettings = {}): WebhookSettings => ({
  backoffMs: [1000, 1000, 1000, 1000],
  pollMs: 20,
  allowHosts: [receiver.host],
  ...more,
});

/**
 * Waits until `done` holds, moving the servers' clock 1 s at each look (retries are due seconds later);
 * the budget is generous for a busy machine.
 */
async function waitFor(servers: TestServer[], done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    for (const s of servers) s.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function addWebhook(s: TestServer, key: string, url: string, events: WebhookEventType[]) {
  const res = await s.request('POST', '/api/webhooks', { key, json: { url, events, description: 'CMS' } });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { webhook: { id: number; state: string }; secret: string };
}

async function fileIds(s: TestServer, accountId: number): Promise<number[]> {
  const rows = await s.app.db.all<{ file_id: number }>('SELECT file_id FROM files WHERE account_id = ? ORDER BY file_id', [accountId]);
  return rows.map((r) => Number(r.file_id));
}

const setStatus = (s: TestServer, fileId: number, status: number) =>
  s.app.db.run('UPDATE files SET file_status = ? WHERE file_id = ?', [status, fileId]);

/** Where the outbox's stored cursor stands. */
async function storedCursor(s: TestServer): Promise<number> {
  return Number((await s.app.db.get<{ id: number }>('SELECT last_event_id AS id FROM webhook_cursor WHERE id = 1'))!.id);
}

const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

async function deliveries(s: TestServer, key: string, webhookId: number) {
  const res = await s.request('GET', `/api/webhooks/${webhookId}/deliveries`, { key });
  expect(res.status, res.text).toBe(200);
  return res.body.data.deliveries as {
    id: number;
    event_id: string;
    type: string;
    state: string;
    attempts: { status_code: number | null; latency_ms: number; response: string }[];
  }[];
}

describe('webhooks on one node', { timeout: 90_000 }, () => {
  let s: TestServer;
  let r: Receiver;
  let key: string;
  let accountId: number;
  let files: number[];

  beforeAll(async () => {
    r = await startReceiver();
    s = await startServer({ webhooks: settingsFor(r), sessionIdleSeconds: 30 * 86_400, sessionMaxSeconds: 60 * 86_400 });
    accountId = await s.addAccount('hooks', 'hooks-password', 6);
    key = await s.login('hooks', 'hooks-password');
    files = await fileIds(s, accountId);
  });
  afterEach(async () => {
    for (const hook of (await s.request('GET', '/api/webhooks', { key })).body.data.webhooks) {
      await s.request('DELETE', `/api/webhooks/${hook.id}`, { key });
    }
    r.received.length = 0;
    r.receiver.answer = () => 200;
  });
  afterAll(async () => {
    await s.close();
    await r.close();
  });

  it('signs each delivery so that the Standard Webhooks verifier accepts it, and only with its secret', async () => {
    // The sample files are Completed: the file leaves that status before the endpoint exists (it gets
    // the events from its creation on, decision D61).
    await setStatus(s, files[0]!, FILE_STATUS.uploading);
    const { webhook, secret } = await addWebhook(s, key, r.url, ['file.status', 'file.ready']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect((await s.request('GET', '/api/webhooks', { key })).text).not.toContain(secret);
    await setStatus(s, files[0]!, FILE_STATUS.completed);
    await waitFor(
      [s],
      async () => (await deliveries(s, key, webhook.id)).filter((d) => d.state === 'delivered').length === 2,
      'two deliveries',
    );
    expect(r.received).toHaveLength(2);
    const verifier = new Webhook(secret);
    // Sent at once, so in either order.
    const bodies = r.received.map((got) => verifier.verify(got.body, headersOf(got)) as { type: string });
    expect(bodies.sort((x, y) => x.type.localeCompare(y.type))).toEqual([
      { type: 'file.ready', timestamp: expect.any(String), data: { file_id: files[0], status: FILE_STATUS.completed } },
      { type: 'file.status', timestamp: expect.any(String), data: { file_id: files[0], status: FILE_STATUS.completed } },
    ]);
    const first = r.received[0]!;
    expect(() => verifier.verify(first.body.replace('file.status', 'file.ready'), headersOf(first))).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(first.body, headersOf(first))).toThrow();
    const log = await deliveries(s, key, webhook.id);
    expect(log.map((d) => [d.type, d.state, d.attempts.map((a) => a.status_code)])).toEqual([
      ['file.ready', 'delivered', [200]],
      ['file.status', 'delivered', [200]],
    ]);
    expect(log[0]!.attempts[0]!.response).toMatch(/^answer [12]: 200$/);
  });

  it('sends an event to a receiver that failed 3 times exactly once more, under the same Webhook-Id', async () => {
    const { webhook } = await addWebhook(s, key, r.url, ['file.updated']);
    r.receiver.answer = (n) => (n <= 3 ? 500 : 204);
    const edit = await s.request('PUT', `/api/files/${files[1]}`, { key, json: { file_title: 'Retried title' } });
    expect(edit.status).toBe(200);
    await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'delivered', 'the delivery');
    // Long past the schedule: nothing more is sent.
    for (let i = 0; i < 10; i++) {
      s.advance(5000);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(r.received).toHaveLength(4);
    expect(new Set(r.received.map((got) => got.headers['webhook-id'])).size).toBe(1);
    const [delivery] = await deliveries(s, key, webhook.id);
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([204, 500, 500, 500]);
    expect(JSON.parse(r.received[3]!.body)).toMatchObject({ type: 'file.updated', data: { file_id: files[1] } });
  });

  it("sends a file's changes in order: a later one waits while an earlier one is retried", async () => {
    const { webhook } = await addWebhook(s, key, r.url, ['file.status']);
    r.receiver.answer = (n) => (n === 1 ? 500 : 200);
    await setStatus(s, files[3]!, FILE_STATUS.uploading);
    await setStatus(s, files[3]!, FILE_STATUS.indexed);
    await waitFor(
      [s],
      async () => (await deliveries(s, key, webhook.id)).filter((d) => d.state === 'delivered').length === 2,
      'both deliveries',
    );
    expect(r.received.map((got) => [JSON.parse(got.body).data.status, got.headers['webhook-id']])).toEqual([
      [FILE_STATUS.uploading, expect.any(String)],
      [FILE_STATUS.uploading, r.received[0]!.headers['webhook-id']],
      [FILE_STATUS.indexed, expect.any(String)],
    ]);
  });

  it('marks an endpoint failing after its schedule, pauses it after 3 days, holds its deliveries and resumes on a redelivery that works', async () => {
    const { webhook } = await addWebhook(s, key, r.url, ['file.deleted', 'file.restored']);
    r.receiver.answer = () => 503;
    expect((await s.request('DELETE', `/api/files/${files[2]}`, { key })).status).toBe(200);
    await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'failed', 'the failed delivery');
    expect(r.received).toHaveLength(5); // the first attempt and 4 retries
    const listed = (await s.request('GET', '/api/webhooks', { key })).body.data.webhooks[0];
    expect(listed).toMatchObject({ id: webhook.id, state: 'failing', failing_since: expect.any(String) });

    s.advance(3 * 86_400_000);
    expect((await s.request('POST', `/api/files/${files[2]}/restore`, { key })).status).toBe(200);
    await waitFor(
      [s],
      async () => (await s.request('GET', '/api/webhooks', { key })).body.data.webhooks[0].state === 'paused',
      'the pause',
    );
    expect(r.received.map((got) => JSON.parse(got.body).type)).toEqual([
      ...Array(5).fill('file.deleted'),
      ...Array(5).fill('file.restored'),
    ]);
    // Paused: a new event is held, not sent, and not dropped.
    expect((await s.request('DELETE', `/api/files/${files[2]}`, { key })).status).toBe(200);
    await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'held', 'the held delivery');
    const sent = r.received.length;

    r.receiver.answer = () => 200;
    const failed = (await deliveries(s, key, webhook.id)).find((d) => d.type === 'file.restored')!;
    const again = await s.request('POST', `/api/webhooks/${webhook.id}/deliveries/${failed.id}/redeliver`, { key });
    expect(again.status, again.text).toBe(200);
    await waitFor([s], () => r.received.length >= sent + 2, 'the redelivery and the held delivery');
    expect(r.received.slice(sent).map((got) => got.headers['webhook-id'])).toEqual(
      expect.arrayContaining([failed.event_id, (await deliveries(s, key, webhook.id))[0]!.event_id]),
    );
    expect((await s.request('GET', '/api/webhooks', { key })).body.data.webhooks[0]).toMatchObject({
      state: 'active',
      failing_since: null,
    });
  });

  it('sends subtitle.created, subtitle.updated and subtitle.deleted of a track, signed, once each, only to an endpoint that wants them', async () => {
    const { webhook, secret } = await addWebhook(s, key, r.url, ['subtitle.created', 'subtitle.updated', 'subtitle.deleted']);
    const other = await addWebhook(s, key, `${r.url}?files`, ['file.created', 'file.status', 'file.updated', 'file.deleted']);
    const fileId = files[4]!;
    const uploaded = await s.request('POST', '/api/files/sub', {
      key,
      body: uploadForm({ file: { name: 'hooked.srt', content: SRT }, file_id: fileId, sub_lang: 'en' }),
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const subId = uploaded.body.data.sub.sub_id as number;
    const relabelled = await s.request('PUT', `/api/subs/${subId}`, { key, json: { sub_lang: 'de' } });
    expect(relabelled.status, relabelled.text).toBe(200);
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nEdited in the cue editor\n';
    const saved = await s.request('PUT', `/api/subs/${subId}/content`, {
      key,
      body: vtt,
      headers: { 'content-type': 'text/vtt; charset=utf-8', 'if-match': relabelled.headers.get('etag')! },
    });
    expect(saved.status, saved.text).toBe(200);
    const restored = await s.request('POST', `/api/subs/${subId}/versions/1/restore`, {
      key,
      headers: { 'if-match': saved.headers.get('etag')! },
    });
    expect(restored.status, restored.text).toBe(200);
    expect((await s.request('DELETE', `/api/subs/${subId}`, { key })).status).toBe(200);

    await waitFor(
      [s],
      async () => (await deliveries(s, key, webhook.id)).filter((d) => d.state === 'delivered').length === 5,
      'five subtitle deliveries',
    );
    // Long past any retry: nothing more is sent, to either endpoint.
    for (let i = 0; i < 10; i++) {
      s.advance(5000);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    expect(r.received.filter((got) => got.path.endsWith('?files'))).toEqual([]);
    expect(await deliveries(s, key, other.webhook.id)).toEqual([]);
    const verifier = new Webhook(secret);
    expect(r.received.map((got) => verifier.verify(got.body, headersOf(got)))).toEqual(
      [
        ['subtitle.created', 'en'],
        ['subtitle.updated', 'de'],
        ['subtitle.updated', 'de'],
        ['subtitle.updated', 'de'],
        ['subtitle.deleted', 'de'],
      ].map(([type, language]) => ({ type, timestamp: expect.any(String), data: { file_id: fileId, sub_id: subId, language } })),
    );
    expect(new Set(r.received.map((got) => got.headers['webhook-id'])).size).toBe(5);
  });

  it('writes nothing while no endpoint wants an event, and an endpoint created later gets every event from then on', async () => {
    // The dispatcher's reads and claims, as the database is asked them (every look reads the cursor's row).
    const asked = vi.spyOn(s.app.db, 'get');
    const count = (what: RegExp) => asked.mock.calls.filter(([sql]) => what.test(sql)).length;
    const looks = () => count(/webhook_cursor/);
    const claims = () => count(/^\s*UPDATE webhook_deliveries/);
    /** Waits for the dispatcher to look at the log three more times (each look starts after the last ended). */
    const looked = async () => {
      const before = looks();
      await waitFor([s], () => looks() >= before + 3, 'the dispatcher to look again');
    };
    try {
      const cursor = await storedCursor(s);
      const claimed = claims();
      for (const status of [FILE_STATUS.uploading, FILE_STATUS.indexed, FILE_STATUS.completed]) await setStatus(s, files[5]!, status);
      await looked();
      expect(await storedCursor(s)).toBe(cursor);
      expect(claims()).toBe(claimed);

      // An endpoint that wants only file.ready: the status steps before Completed are nothing to it.
      const { webhook } = await addWebhook(s, key, r.url, ['file.ready']);
      for (const status of [FILE_STATUS.uploading, FILE_STATUS.indexed]) await setStatus(s, files[5]!, status);
      await looked();
      expect(await storedCursor(s)).toBe(cursor);
      expect(claims()).toBe(claimed);

      await setStatus(s, files[5]!, FILE_STATUS.completed);
      await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'delivered', 'the delivery');
      expect(r.received.map((got) => JSON.parse(got.body))).toEqual([
        { type: 'file.ready', timestamp: expect.any(String), data: { file_id: files[5], status: FILE_STATUS.completed } },
      ]);
      expect(await storedCursor(s)).toBeGreaterThan(cursor);
    } finally {
      asked.mockRestore();
    }
  });

  it('stores now and then where a sender passed events no endpoint wanted, for the log to prune them', async () => {
    await addWebhook(s, key, r.url, ['file.ready']);
    await setStatus(s, files[5]!, FILE_STATUS.uploading);
    const event = Number((await s.app.db.get<{ id: number }>('SELECT max(id) AS id FROM file_events'))!.id);
    expect(await storedCursor(s)).toBeLessThan(event);
    // The node's own sender passes it in memory; a sender due to store its position stores it.
    await new WebhookOutbox(s.app.db, { storePassedEveryMs: 0 }).copy(s.app.clock(), 100);
    expect(await storedCursor(s)).toBe(event);
    await new FileEventsRepository(s.app.db).prune(Date.now() + 1, Date.now() + 1 - OUTBOX_HOLD_MS);
    expect(await s.app.db.get('SELECT id FROM file_events WHERE id = ?', [event])).toBeUndefined();
  });

  it("settles a sender's attempts together: each logged once, and one whose lease another sender took meanwhile left to it", async () => {
    const { webhook } = await addWebhook(s, key, r.url, ['file.status']);
    const repository = new WebhooksRepository(s.app.db);
    // Due a day from now on the node's clock: its own sender leaves them to this test.
    const at = s.app.clock() + 86_400_000;
    for (const n of [1, 2, 3]) await repository.addDelivery(webhook.id, `evt_batch_${n}`, 'file.status', '{}', at);
    const mine = (await repository.claim(at, 60_000, 10)).sort((a, b) => a.delivery_id - b.delivery_id);
    expect(mine.map((d) => d.event_id)).toEqual(['evt_batch_1', 'evt_batch_2', 'evt_batch_3']);
    // The third's lease runs out and another sender takes it.
    await s.app.db.run('UPDATE webhook_deliveries SET next_at = ? WHERE delivery_id = ?', [at, mine[2]!.delivery_id]);
    const [theirs] = await repository.claim(at, 60_000, 10);
    expect(theirs?.delivery_id).toBe(mine[2]!.delivery_id);

    const answers = [204, 503, 204];
    const policy = { backoffMs: [5_000, 60_000], pauseAfterMs: 3 * 86_400_000 };
    await repository.settle(
      mine.map((delivery, i) => ({ delivery, result: { statusCode: answers[i]!, latencyMs: 3, response: '' }, now: at + 10 })),
      policy,
    );
    const rows = await s.app.db.all<{ event_id: string; state: string; next_at: number | null; attempts: number }>(
      `SELECT event_id, state, next_at, (SELECT count(*) FROM webhook_attempts a WHERE a.delivery_id = d.delivery_id) AS attempts
       FROM webhook_deliveries d WHERE webhook_id = ? ORDER BY delivery_id`,
      [webhook.id],
    );
    expect(
      rows.map((row) => ({ ...row, next_at: row.next_at === null ? null : Number(row.next_at), attempts: Number(row.attempts) })),
    ).toEqual([
      { event_id: 'evt_batch_1', state: 'delivered', next_at: null, attempts: 1 },
      { event_id: 'evt_batch_2', state: 'pending', next_at: at + 10 + 5_000, attempts: 1 },
      // Still the other sender's: its lease, and no attempt of the first sender logged.
      { event_id: 'evt_batch_3', state: 'pending', next_at: at + 60_000, attempts: 0 },
    ]);
  });

  it('claims the heads of thousands of pending chains in well under a second, also on statistics taken while none was pending', async () => {
    const { webhook } = await addWebhook(s, key, r.url, ['file.status']);
    const repository = new WebhooksRepository(s.app.db);
    const at = s.app.clock() + 86_400_000; // due a day from now: the node's own sender leaves them
    const insert = async (rows: number, state: string, offset: number) => {
      for (let i = 0; i < rows; i += 500) {
        const n = Math.min(500, rows - i);
        await s.app.db.run(
          `INSERT INTO webhook_deliveries (webhook_id, event_id, file_id, type, payload, state, next_at, created_at)
           VALUES ${Array.from({ length: n }, () => "(?, ?, ?, 'file.status', '{}', ?, ?, 0)").join(', ')}`,
          Array.from({ length: n }, (_, j) => {
            const id = offset + i + j;
            return [webhook.id, `evt_chain_${id}`, 1_000_000 + (id % 300), state, state === 'pending' ? at - 1000 + (id % 997) : null];
          }).flat(),
        );
      }
    };
    await insert(3000, 'delivered', 0);
    await s.app.db.run('ANALYZE webhook_deliveries'); // what the planner knows: nothing pending
    await insert(3000, 'pending', 3000); // 300 files, 10 deliveries each waiting in its file's order
    const started = performance.now();
    const claimed = await repository.claim(at, 60_000, 64);
    const ms = performance.now() - started;
    expect(claimed).toHaveLength(64);
    // Each is the oldest pending delivery of its file.
    expect(claimed.every((d) => Number(d.event_id.slice('evt_chain_'.length)) < 3300)).toBe(true);
    expect(ms).toBeLessThan(500);
  });

  it('sends a test event, logged like any delivery', async () => {
    const { webhook, secret } = await addWebhook(s, key, r.url, ['file.created']);
    const res = await s.request('POST', `/api/webhooks/${webhook.id}/test`, { key });
    expect(res.status, res.text).toBe(200);
    await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'delivered', 'the test event');
    expect(r.received).toHaveLength(1);
    expect(new Webhook(secret).verify(r.received[0]!.body, headersOf(r.received[0]!))).toMatchObject({ type: 'webhook.test' });
    expect((await deliveries(s, key, webhook.id)).map((d) => [d.id, d.type, d.state])).toEqual([
      [res.body.data.delivery_id, 'webhook.test', 'delivered'],
    ]);
  });

  it('refuses private and malformed addresses with a 400 envelope, unless VP_WEBHOOK_ALLOW_HOSTS names the host', async () => {
    for (const url of ['http://127.0.0.1:9/hook', 'http://10.1.2.3/hook', 'http://[::1]/hook', 'http://localhost:8080/']) {
      const res = await s.request('POST', '/api/webhooks', { key, json: { url, events: ['file.ready'] } });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 400,
        body: { status: 'error', message: WEBHOOK_NOT_PUBLIC },
      });
    }
    for (const url of ['ftp://example.com/hook', 'https://user:secret@example.com/hook', 'not a url']) {
      const res = await s.request('POST', '/api/webhooks', { key, json: { url, events: ['file.ready'] } });
      expect({ url, status: res.status, body: res.body }).toEqual({
        url,
        status: 400,
        body: { status: 'error', message: WEBHOOK_URL_INVALID },
      });
    }
    const unknownEvent = await s.request('POST', '/api/webhooks', { key, json: { url: r.url, events: ['file.exploded'] } });
    expect(unknownEvent.status).toBe(400);
    expect((await s.request('POST', '/api/webhooks', { key, json: { url: r.url, events: ['file.ready'] } })).status).toBe(200);
    expect(await s.app.db.all('SELECT url FROM webhooks')).toEqual([{ url: r.url }]);
  });

  it('sends file.restored for a file restored after the event log let go of its trashing', async () => {
    const { webhook } = await addWebhook(s, key, r.url, ['file.deleted', 'file.restored', 'file.created']);
    expect((await s.request('DELETE', `/api/files/${files[4]}`, { key })).status).toBe(200);
    await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'delivered', 'file.deleted');
    // What the log's hourly prune does to it, long before the trash lets go of the file.
    await s.app.db.run("DELETE FROM file_events WHERE file_id = ? AND kind = 'deleted'", [files[4]!]);
    expect((await s.request('POST', `/api/files/${files[4]}/restore`, { key })).status).toBe(200);
    await waitFor(
      [s],
      async () => (await deliveries(s, key, webhook.id)).filter((d) => d.state === 'delivered').length === 2,
      'the second delivery',
    );
    expect(r.received.map((got) => JSON.parse(got.body))).toEqual(
      ['file.deleted', 'file.restored'].map((type) => ({ type, timestamp: expect.any(String), data: { file_id: files[4] } })),
    );
  });

  it('sends file.created, file.failed and bulk_job.finished, the last even when the node stops right after the job ended', async () => {
    const { webhook, secret } = await addWebhook(s, key, r.url, ['file.created', 'file.failed', 'bulk_job.finished']);
    const fileId = Number(
      (await s.app.db.get<{ file_id: number }>(
        `INSERT INTO files (account_id, file_server, file_title, file_slug, file_status, is_active, created_at)
         VALUES (?, 'pending', 'Hooked upload', 'hooked-upload', 0, 1, ?) RETURNING file_id`,
        [accountId, s.app.clock()],
      ))!.file_id,
    );
    await setStatus(s, fileId, FILE_STATUS.uploadFailed);
    // The node stops as soon as the job has ended: its first read of the ended job fails, so the job
    // goes back to the queue, and its next claim finds it ended and does nothing. The event went out
    // only if it was written with the end itself.
    const read = s.app.bulkJobs.getAny.bind(s.app.bulkJobs);
    let stopped = false;
    const getAny = vi.spyOn(s.app.bulkJobs, 'getAny').mockImplementation(async (jobId) => {
      const row = await read(jobId);
      if (row?.state === 'done' && !stopped) {
        stopped = true;
        throw new Error('the node stopped');
      }
      return row;
    });
    try {
      const posted = await postBulk(s, key, { action: 'deactivate', ids: [fileId] });
      expect(posted.status, posted.text).toBe(202);
      const jobId = posted.body.data.job.id as number;
      await waitFor(
        [s],
        async () => (await deliveries(s, key, webhook.id)).filter((d) => d.state === 'delivered').length === 3,
        'three deliveries',
      );
      const verifier = new Webhook(secret);
      const bodies = r.received.map((got) => verifier.verify(got.body, headersOf(got)) as { type: string });
      expect(bodies.sort((x, y) => x.type.localeCompare(y.type))).toEqual([
        { type: 'bulk_job.finished', timestamp: expect.any(String), data: { job_id: jobId, state: 'done' } },
        { type: 'file.created', timestamp: expect.any(String), data: { file_id: fileId } },
        { type: 'file.failed', timestamp: expect.any(String), data: { file_id: fileId, status: FILE_STATUS.uploadFailed } },
      ]);
    } finally {
      getAny.mockRestore();
    }
  });

  it('refuses an API key: webhooks are managed by a sign-in only', async () => {
    const created = await s.request('POST', '/api/keys', { key, json: { name: 'hooks key', scope: 'write' } });
    const apiKey = created.body.data.apiKey as string;
    const res = await s.request('GET', '/api/webhooks', { key: apiKey });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ status: 'error', message: 'This API key may not do this: it needs a sign-in' });
  });
});

describe('webhooks on two nodes', { timeout: 90_000 }, () => {
  let r: Receiver;
  beforeAll(async () => {
    r = await startReceiver();
  });
  afterAll(() => r.close());

  it('sends the change of a node stopped before sending it, once, from another node', async () => {
    const a = await startServer({ webhooks: settingsFor(r, { send: false }) });
    const accountId = await a.addAccount('stopped', 'stopped-password', 2);
    const key = await a.login('stopped', 'stopped-password');
    await addWebhook(a, key, r.url, ['file.status']);
    const [fileId] = await fileIds(a, accountId);
    await setStatus(a, fileId!, FILE_STATUS.uploading);
    await a.app.close();
    const b = await startServer({ webhooks: settingsFor(r) }, a.dataDir);
    try {
      await waitFor([b], () => r.received.length === 1, 'the delivery from node B');
      for (let i = 0; i < 10; i++) {
        b.advance(5000);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      expect(r.received.map((got) => JSON.parse(got.body))).toEqual([
        { type: 'file.status', timestamp: expect.any(String), data: { file_id: fileId, status: FILE_STATUS.uploading } },
      ]);
    } finally {
      await b.close();
      fs.rmSync(a.dataDir, { recursive: true, force: true });
      r.received.length = 0;
    }
  });

  it("keeps the events the outbox has yet to copy past the log's hour, up to a day, and prunes them once copied", async () => {
    const a = await startServer({ webhooks: settingsFor(r, { send: false }) });
    const accountId = await a.addAccount('behind', 'behind-password', 2);
    const key = await a.login('behind', 'behind-password');
    const { webhook } = await addWebhook(a, key, r.url, ['file.status']);
    const [first, second] = await fileIds(a, accountId);
    const log = new FileEventsRepository(a.app.db);
    const eventOf = (s: TestServer, fileId: number) =>
      s.app.db.get<{ created_at: number }>('SELECT created_at FROM file_events WHERE file_id = ?', [fileId]);
    await setStatus(a, first!, FILE_STATUS.uploading);
    const firstAt = Number((await eventOf(a, first!))!.created_at);
    while (Date.now() <= firstAt) await new Promise((resolve) => setTimeout(resolve, 1));
    await setStatus(a, second!, FILE_STATUS.uploading);
    const secondAt = Number((await eventOf(a, second!))!.created_at);
    // An hour on, with no node sending: the hour's prune keeps both.
    await log.prune(Date.now() + 1, Date.now() + 1 - OUTBOX_HOLD_MS);
    expect(await eventOf(a, first!)).toBeDefined();
    expect(await eventOf(a, second!)).toBeDefined();
    // The first is older than the hold: it goes all the same, counted.
    expect((await log.prune(Date.now() + 1, secondAt)).uncopied).toBe(1);
    expect(await eventOf(a, first!)).toBeUndefined();
    await a.app.close();
    const b = await startServer({ webhooks: settingsFor(r) }, a.dataDir);
    try {
      await waitFor([b], async () => (await deliveries(b, key, webhook.id))[0]?.state === 'delivered', 'the delivery from node B');
      expect(r.received.map((got) => JSON.parse(got.body).data)).toEqual([{ file_id: second, status: FILE_STATUS.uploading }]);
      // Copied: the hour's prune takes it.
      expect(await new FileEventsRepository(b.app.db).prune(Date.now() + 1, Date.now() + 1 - OUTBOX_HOLD_MS)).toMatchObject({
        uncopied: 0,
      });
      expect(await eventOf(b, second!)).toBeUndefined();
    } finally {
      await b.close();
      fs.rmSync(a.dataDir, { recursive: true, force: true });
      r.received.length = 0;
    }
  });

  it('sends again, once and from another node, a delivery whose node stopped while sending it', async () => {
    const a = await startServer({ webhooks: settingsFor(r) });
    const accountId = await a.addAccount('killed', 'killed-password', 2);
    const key = await a.login('killed', 'killed-password');
    const { webhook } = await addWebhook(a, key, r.url, ['file.status']);
    r.receiver.answer = (n) => (n === 1 ? 0 : 200);
    const [fileId] = await fileIds(a, accountId);
    await setStatus(a, fileId!, FILE_STATUS.uploading);
    await waitFor([a], () => r.received.length === 1, 'the first POST');
    await a.app.close(); // while the receiver has not answered
    const b = await startServer({ webhooks: settingsFor(r) }, a.dataDir);
    try {
      // B takes the delivery when A's lease (the timeout and 30 s) has run out on the clock.
      await waitFor([b], async () => (await deliveries(b, key, webhook.id))[0]?.state === 'delivered', 'the delivery from node B');
      expect(r.received.map((got) => got.headers['webhook-id'])).toEqual([
        r.received[0]!.headers['webhook-id'],
        r.received[0]!.headers['webhook-id'],
      ]);
      expect((await deliveries(b, key, webhook.id))[0]!.attempts.map((at) => at.status_code)).toEqual([200]);
    } finally {
      await b.close();
      fs.rmSync(a.dataDir, { recursive: true, force: true });
      r.received.length = 0;
      r.receiver.answer = () => 200;
    }
  });

  it('delivers each event once when both nodes send', async () => {
    const a = await startServer({ webhooks: settingsFor(r) });
    const b = await startServer({ webhooks: settingsFor(r) }, a.dataDir);
    try {
      const accountId = await a.addAccount('both', 'both-password', 20);
      const key = await a.login('both', 'both-password');
      const { webhook } = await addWebhook(a, key, r.url, ['file.status']);
      const ids = await fileIds(a, accountId);
      for (const [i, fileId] of ids.entries()) await setStatus(i % 2 ? a : b, fileId, FILE_STATUS.uploading);
      await waitFor([a, b], () => r.received.length >= ids.length, 'every delivery');
      await waitFor(
        [a, b],
        async () => (await deliveries(b, key, webhook.id)).every((d) => d.state === 'delivered'),
        'every delivery settled',
      );
      for (let i = 0; i < 10; i++) {
        for (const s of [a, b]) s.advance(5000);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      const sent = r.received.map((got) => String(got.headers['webhook-id']));
      expect(sent).toHaveLength(ids.length);
      expect(new Set(sent).size).toBe(ids.length);
      expect(new Set(r.received.map((got) => JSON.parse(got.body).data.file_id))).toEqual(new Set(ids));
    } finally {
      await b.app.close();
      await a.close();
    }
  });
});

describe('what a delivery counts as an answer', { timeout: 60_000 }, () => {
  let s: TestServer;
  let r: Receiver;
  /** Where the first receiver redirects to. */
  let elsewhere: Receiver;
  let key: string;

  beforeAll(async () => {
    r = await startReceiver();
    elsewhere = await startReceiver();
    // A short timeout, still long enough for a loopback answer on a busy machine.
    s = await startServer({ webhooks: settingsFor(r, { timeoutMs: 1500, allowHosts: [r.host, elsewhere.host] }) });
    await s.addAccount('answers', 'answers-password', 1);
    key = await s.login('answers', 'answers-password');
  });
  afterEach(() => {
    r.received.length = 0;
    r.receiver.answer = () => 200;
  });
  afterAll(async () => {
    await s.close();
    await r.close();
    await elsewhere.close();
  });

  /** An endpoint on the first receiver, its test event sent and delivered at last. */
  async function deliveredTest() {
    const { webhook } = await addWebhook(s, key, r.url, ['file.ready']);
    expect((await s.request('POST', `/api/webhooks/${webhook.id}/test`, { key })).status).toBe(200);
    // The first attempt ends on the real clock (the timeout): the node's clock stays until it is logged,
    // or the attempt's lease would run out on it first and the attempt go unlogged.
    await waitFor([], async () => Boolean((await deliveries(s, key, webhook.id))[0]?.attempts.length), 'the first attempt');
    await waitFor([s], async () => (await deliveries(s, key, webhook.id))[0]?.state === 'delivered', 'the delivery');
    return (await deliveries(s, key, webhook.id))[0]!;
  }

  it('counts no answer within the timeout as a failed attempt without a status, and sends it again', async () => {
    r.receiver.answer = (n) => (n === 1 ? 0 : 200);
    const delivery = await deliveredTest();
    expect(delivery.attempts.map((a) => [a.status_code, a.response])).toEqual([
      [200, 'answer 2: 200'],
      [null, 'No answer within 1.5 s'],
    ]);
    expect(r.received.map((got) => got.headers['webhook-id'])).toEqual([delivery.event_id, delivery.event_id]);
  });

  it('does not follow a redirect: the attempt failed with its 302, the address it names gets nothing, and it is sent again', async () => {
    r.receiver.answer = (n) => (n === 1 ? { status: 302, headers: { location: elsewhere.url }, body: 'moved' } : 204);
    const delivery = await deliveredTest();
    expect(delivery.attempts.map((a) => [a.status_code, a.response])).toEqual([
      [204, ''],
      [302, 'moved'],
    ]);
    expect(r.received).toHaveLength(2);
    expect(elsewhere.received).toEqual([]);
  });

  it('keeps the first 1 KB of an answer in the delivery log', async () => {
    const long = `${'é'.repeat(300)}${'x'.repeat(2000)}`; // 600 bytes, then 2,000
    r.receiver.answer = () => ({ status: 200, body: long });
    const delivery = await deliveredTest();
    expect(delivery.attempts.map((a) => a.response)).toEqual([long.slice(0, 300 + 424)]);
  });
});

describe('VP_WEBHOOK_BACKOFF', () => {
  it('reads waits in s, m and h; unset keeps the default of about 24 h; anything else stops the start', () => {
    expect(readEnv({ VP_WEBHOOK_BACKOFF: '1s, 2m,3h' }).options.webhooks?.backoffMs).toEqual([1000, 120_000, 10_800_000]);
    expect(readEnv({}).options.webhooks?.backoffMs).toBeUndefined();
    expect(DEFAULT_WEBHOOK_BACKOFF_MS.reduce((a, b) => a + b) / 3_600_000).toBeCloseTo(23.6, 1);
    for (const bad of ['5', '0s', '5d', '5s,,x', '-5s']) {
      expect(() => readEnv({ VP_WEBHOOK_BACKOFF: bad }), bad).toThrow(
        `VP_WEBHOOK_BACKOFF must be waits like 5s,5m,30m,2h, got ${JSON.stringify(bad)}`,
      );
    }
    expect(() => readEnv({ VP_WEBHOOK_ALLOW_HOSTS: 'a b' })).toThrow(/^VP_WEBHOOK_ALLOW_HOSTS: /);
  });
});
