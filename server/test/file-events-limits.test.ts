import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStream } from './event-stream';
import { cliOver } from './cli-support';
import { startServer, type TestServer } from './helpers';

const SESSION_ENDED = { status: 'error', message: 'Your session has ended. Please sign in again.' };
const TOO_MANY_FOR_KEY = 'Too many live update streams for this session. Close another tab of the panel and try again.';
const TOO_MANY_FOR_ADDRESS = 'Too many live update streams from this address. Try again later.';

const isReady = (f: { event?: string }) => f.event === 'ready';
const changedTitle = (title: string) => (f: { event?: string; data?: string }) =>
  f.event === 'file' && JSON.parse(f.data!).changes?.file_title === title;

const streams: EventStream[] = [];
async function live(base: string, key: string): Promise<EventStream> {
  const stream = await openEventStream(base, { key });
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.waitFor(isReady);
  return stream;
}
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

/** The stream was ended by the server, after telling its client why. */
async function endedWithSession(stream: EventStream): Promise<void> {
  await stream.ended();
  const last = stream.frames.findLast((f) => f.comment === undefined);
  expect(last).toEqual({ event: 'session-ended', data: JSON.stringify(SESSION_ENDED) });
}

/** A stream that must be refused with 429 (checked on the status first: a stream let open would never end). */
async function refused(s: TestServer, key: string): Promise<unknown> {
  const stream = await openEventStream(s.base, { key });
  streams.push(stream);
  expect(stream.status).toBe(429);
  return (await s.request('GET', '/api/files/events', { key })).body;
}

// A stream is an API call that lasts: it ends when its key does, on every node (two servers on one
// database), and a key or an address may only hold so many.
describe('an event stream lives as long as its key', () => {
  let a: TestServer;
  let b: TestServer;
  let fileId: number;
  beforeAll(async () => {
    a = await startServer({ eventPollMs: 50 });
    b = await startServer({ eventPollMs: 50 }, a.dataDir);
    await a.addAccount('streamer', 'streamer-password', 3);
    const key = await a.login('streamer', 'streamer-password');
    fileId = (await a.request('GET', '/api/files/?limit=1', { key })).body.data.files[0].file_id;
  });
  afterAll(async () => {
    await b.app.close();
    await a.close();
  });

  it("ends the key's streams on both nodes at a sign-out on one, and not the streams of the account's other keys", async () => {
    const key = await a.login('streamer', 'streamer-password');
    const other = await a.login('streamer', 'streamer-password');
    const [onA, onB, otherOnB] = [await live(a.base, key), await live(b.base, key), await live(b.base, other)];

    expect((await a.request('POST', '/api/auth/logout', { key })).status).toBe(200);
    await endedWithSession(onA);
    await endedWithSession(onB);
    expect((await b.request('GET', '/api/files/events', { key })).status).toBe(401);

    await a.request('PUT', `/api/files/${fileId}`, { key: other, json: { file_title: 'Still streaming' } });
    await otherOnB.waitFor(changedTitle('Still streaming'));
  });

  it('ends every stream of the account on both nodes when the CLI sets a new password (another process)', async () => {
    const [first, second] = [await a.login('streamer', 'streamer-password'), await a.login('streamer', 'streamer-password')];
    const opened = [await live(a.base, first), await live(b.base, first), await live(b.base, second)];
    expect((await cliOver(a, ['user', 'reset-password', 'streamer', '--password', 'copper lantern moss river'])).status).toBe(0);
    for (const stream of opened) await endedWithSession(stream);
  });
});

describe('an event stream and the age of its session', () => {
  it('ends when its key has been idle for VP_SESSION_IDLE_SECONDS, or at VP_SESSION_MAX_SECONDS, and not before', async () => {
    const s = await startServer({ eventPollMs: 50, sessionIdleSeconds: 600, sessionMaxSeconds: 1_000 });
    try {
      await s.addAccount('aging', 'aging-password', 2);
      const [idle, busy] = [await s.login('aging', 'aging-password'), await s.login('aging', 'aging-password')];
      const [idleStream, busyStream] = [await live(s.base, idle), await live(s.base, busy)];
      const [file] = (await s.request('GET', '/api/files/?limit=1', { key: busy })).body.data.files;

      s.advance(500_000);
      expect((await s.request('GET', '/api/config', { key: busy })).status).toBe(200); // busy is used: its idle time starts again
      s.advance(200_000); // idle: 700 s without a request
      await endedWithSession(idleStream);
      await s.request('PUT', `/api/files/${file.file_id}`, { key: busy, json: { file_title: 'Busy is live' } });
      await busyStream.waitFor(changedTitle('Busy is live'));

      s.advance(350_000); // busy: 1,050 s after its sign-in, 350 s after its last request
      await endedWithSession(busyStream);
      expect((await s.request('GET', '/api/config', { key: busy })).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});

describe('the number of event streams', () => {
  it('refuses the 11th stream of a key with 429, lets other keys open theirs, and frees the slot of a closed one', async () => {
    const s = await startServer({ eventPollMs: 50 });
    try {
      await s.addAccount('tabs', 'tabs-password', 2);
      const key = await s.login('tabs', 'tabs-password');
      const other = await s.login('tabs', 'tabs-password');
      const tabs: EventStream[] = [];
      for (let i = 0; i < 10; i++) tabs.push(await live(s.base, key));

      expect(await refused(s, key)).toEqual({ status: 'error', message: TOO_MANY_FOR_KEY });
      const otherStream = await live(s.base, other);

      // The open ones go on.
      const [file] = (await s.request('GET', '/api/files/?limit=1', { key })).body.data.files;
      await s.request('PUT', `/api/files/${file.file_id}`, { key, json: { file_title: 'All ten see it' } });
      for (const stream of [...tabs, otherStream]) await stream.waitFor(changedTitle('All ten see it'));

      // A tab closes: its slot is free once the server has seen the connection go.
      tabs[0]!.close();
      const deadline = Date.now() + 5_000;
      let again = await openEventStream(s.base, { key });
      while (again.status === 429 && Date.now() < deadline) again = await openEventStream(s.base, { key });
      streams.push(again);
      expect(again.status).toBe(200);
      expect(await refused(s, key)).toEqual({ status: 'error', message: TOO_MANY_FOR_KEY });
    } finally {
      await s.close();
    }
  });

  it('refuses a stream past VP_MAX_STREAMS_PER_ADDRESS from one address, whatever its key', async () => {
    const s = await startServer({ eventPollMs: 50, maxStreamsPerAddress: 3 });
    try {
      await s.addAccount('office-1', 'office-1-password', 1);
      await s.addAccount('office-2', 'office-2-password', 1);
      await live(s.base, await s.login('office-1', 'office-1-password'));
      await live(s.base, await s.login('office-1', 'office-1-password'));
      await live(s.base, await s.login('office-2', 'office-2-password'));
      const fourth = await s.login('office-2', 'office-2-password');
      expect(await refused(s, fourth)).toEqual({ status: 'error', message: TOO_MANY_FOR_ADDRESS });
    } finally {
      await s.close();
    }
  });
});
