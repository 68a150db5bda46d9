import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './client';
import { watchFileEvents, type FileEvent } from './file-events';

/** A stream the test writes to, as fetch answers it; aborting the request ends it. */
interface Connection {
  lastEventId: string | null;
  push(text: string): void;
  /** The server ends the stream. */
  end(): void;
}

let connections: Connection[];
let answer: () => Response | null;

function streamResponse(signal: AbortSignal, lastEventId: string | null): Response {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
  connections.push({ lastEventId, push: (text) => controller.enqueue(encoder.encode(text)), end: () => controller.close() });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const api = () =>
  ({
    url: (path: string) => `http://api.test/api/${path}`,
    authHeaders: () => ({ 'x-apikey': 'k' }),
    hasKey: () => true,
  }) as unknown as ApiClient;
const changed = (id: number, fileId: number, title: string) =>
  `id: ${id}\nevent: file\ndata: ${JSON.stringify({ kind: 'changed', file_id: fileId, changes: { file_title: title } })}\n\n`;
const ready = (id: number) => `id: ${id}\nevent: ready\ndata: {}\n\n`;
const titles = (events: FileEvent[]) => events.map((e) => (e.kind === 'changed' ? e.changes.file_title : e.kind));
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function watcher() {
  const events: FileEvent[] = [];
  return { events, onEvent: (e: FileEvent) => events.push(e) };
}

beforeEach(() => {
  connections = [];
  answer = () => null;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    return answer() ?? streamResponse(init.signal!, headers['last-event-id'] ?? null);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the file event stream and the loads it completes', () => {
  it('starts from where the first load stood, so a change made before the stream opened is not missed', async () => {
    const w = watcher();
    const watch = watchFileEvents(api(), w, 41);
    await flush();
    expect(connections.map((c) => c.lastEventId)).toEqual(['41']);
    connections[0]!.push(changed(42, 1, 'changed before the stream') + ready(42));
    await flush();
    expect(titles(w.events)).toEqual(['changed before the stream']);
    watch.stop();
  });

  it('hands a load again what the live stream delivered after the point it was read at', async () => {
    const w = watcher();
    const watch = watchFileEvents(api(), w);
    await flush();
    connections[0]!.push(ready(10) + changed(11, 1, 'in the reply') + changed(12, 2, 'after the reply was read'));
    await flush();
    w.events.length = 0;
    watch.caughtUp(11); // the reply came after both events, and was read between them
    expect(titles(w.events)).toEqual(['after the reply was read']);
    expect(connections).toHaveLength(1);
    watch.stop();
  });

  it('opens the stream again from a load read before the stream began', async () => {
    const w = watcher();
    const watch = watchFileEvents(api(), w);
    await flush();
    connections[0]!.push(ready(20));
    await flush();
    watch.caughtUp(15);
    await flush();
    expect(connections.map((c) => c.lastEventId)).toEqual([null, '15']);
    connections[1]!.push(changed(17, 3, 'between the load and the stream') + ready(20));
    await flush();
    expect(titles(w.events)).toEqual(['between the load and the stream']);
    watch.stop();
  });

  it('polls at once where a proxy answers 204 or 404: every 10 s, never while the page is hidden, and at once when it is shown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const show = (state: DocumentVisibilityState) => {
      visibility = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    for (const status of [204, 404]) {
      answer = () => new Response(null, { status });
      const poll = vi.fn();
      const watch = watchFileEvents(api(), { onEvent: () => {}, poll });
      await flush();
      await flush();
      vi.advanceTimersByTime(20_000); // one refused connection is enough (no third failure needed)
      expect(poll).toHaveBeenCalledTimes(2);
      show('hidden');
      vi.advanceTimersByTime(60_000);
      expect(poll).toHaveBeenCalledTimes(2);
      show('visible');
      expect(poll).toHaveBeenCalledTimes(3);
      vi.advanceTimersByTime(10_000);
      expect(poll).toHaveBeenCalledTimes(4);
      watch.stop();
      vi.advanceTimersByTime(60_000);
      expect(poll).toHaveBeenCalledTimes(4);
    }
    vi.useRealTimers();
  });

  it('after a stream that ended with its session, asks again a second later and signs out on the 401', async () => {
    vi.useFakeTimers();
    const envelope = { status: 'error', message: 'Your session has ended. Please sign in again.' };
    const errorFromReply = vi.fn();
    let fetches = 0;
    answer = () => (++fetches === 1 ? null : Response.json(envelope, { status: 401 }));
    const watch = watchFileEvents({ ...api(), errorFromReply } as unknown as ApiClient, watcher());
    await vi.advanceTimersByTimeAsync(0);
    connections[0]!.push(ready(5) + `event: session-ended\ndata: ${JSON.stringify(envelope)}\n\n`);
    connections[0]!.end();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(errorFromReply).toHaveBeenCalledWith(401, envelope, true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toBe(2); // signed out: no more tries
    watch.stop();
    vi.useRealTimers();
  });

  it('answered 429 (too many streams), tries again with back-off, polls meanwhile, and goes live once a slot is free', async () => {
    vi.useFakeTimers();
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => 'visible');
    let full = true;
    let fetches = 0;
    answer = () => {
      fetches++;
      return full ? Response.json({ status: 'error', message: 'Too many live update streams for this session.' }, { status: 429 }) : null;
    };
    const w = watcher();
    const poll = vi.fn();
    const watch = watchFileEvents(api(), { ...w, poll });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toBe(6); // at 0, 1, 3, 7, 15 and 31 s (then every 30 s): never a hot loop
    expect(poll).toHaveBeenCalledTimes(5); // every 10 s since the third refusal (3 s)
    full = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(connections).toHaveLength(1);
    connections[0]!.push(ready(9) + changed(10, 1, 'live again'));
    await vi.advanceTimersByTimeAsync(0);
    expect(titles(w.events)).toEqual(['live again']);
    const polled = poll.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(polled); // live: no more polling
    watch.stop();
    vi.useRealTimers();
  });
});
