import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from './client';
import { watchFileEvents, type FileEvent, type StreamState } from './file-events';

/** A stream the test writes to, as fetch answers it; aborting the request ends it. */
interface Connection {
  lastEventId: string | null;
  push(text: string): void;
}

let connections: Connection[];
let answer: () => Response | null;

function streamResponse(signal: AbortSignal, lastEventId: string | null): Response {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
  connections.push({ lastEventId, push: (text) => controller.enqueue(encoder.encode(text)) });
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
  const states: StreamState[] = [];
  return { events, states, onEvent: (e: FileEvent) => events.push(e), onState: (s: StreamState) => states.push(s) };
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
afterEach(() => vi.unstubAllGlobals());

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

  it('falls back to polling at once when a proxy answers 204 or 404 instead of the stream', async () => {
    for (const status of [204, 404]) {
      answer = () => new Response(null, { status });
      const w = watcher();
      const watch = watchFileEvents(api(), w);
      await flush();
      await flush();
      expect(w.states.at(-1)).toBe('polling');
      watch.stop();
    }
  });
});
