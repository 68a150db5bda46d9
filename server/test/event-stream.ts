import http from 'node:http';

/** A test client of GET /api/files/events: reads frames as they come and waits for the ones a test expects. */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  frames: SseFrame[];
  /** The parsed data of `event: file` frames so far, with their ids. */
  fileEvents(): Array<{ id: number; kind: string; file_id: number; [k: string]: unknown }>;
  /** Resolves once a frame matching `test` has arrived (fails after `ms`). */
  waitFor(test: (frame: SseFrame) => boolean, ms?: number): Promise<SseFrame>;
  /** Resolves once the server has ended the stream (fails after `ms`). */
  ended(ms?: number): Promise<void>;
  close(): void;
}

/**
 * Opens a stream over node:http with a connection of its own (fetch's pool would open a spare
 * connection when one is aborted, which keeps a closing server waiting for its first request).
 */
export function openEventStream(base: string, init: { key?: string; lastEventId?: string; path?: string } = {}): Promise<EventStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (init.key) headers['x-apikey'] = init.key;
  if (init.lastEventId !== undefined) headers['last-event-id'] = init.lastEventId;
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  return new Promise((resolve, reject) => {
    const request = http.get(base + (init.path ?? '/api/files/events'), { headers, agent: false }, (res) => {
      const ended = new Promise<void>((done) => res.on('close', done));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          for (const w of waiters) w();
        }
      });
      res.on('error', () => {});
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
      resolve({
        status: res.statusCode ?? 0,
        headers: responseHeaders,
        frames,
        fileEvents: () =>
          frames
            .filter((f) => f.event === 'file')
            .map((f) => ({ id: Number(f.id), ...(JSON.parse(f.data!) as { kind: string; file_id: number }) })),
        waitFor(test, ms = 5_000) {
          return new Promise((done, fail) => {
            const check = () => {
              const hit = frames.find(test);
              if (!hit) return;
              clearTimeout(timer);
              waiters.delete(check);
              done(hit);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such event within ${ms} ms; got ${JSON.stringify(frames)}`));
            }, ms);
            waiters.add(check);
            check();
          });
        },
        ended: (ms = 5_000) =>
          new Promise<void>((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`the stream did not end within ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
            void ended.then(() => {
              clearTimeout(timer);
              done();
            });
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', (err) => (frames.length ? undefined : reject(err)));
  });
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':');
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === '') frame.comment = value;
    else if (field === 'id' || field === 'event' || field === 'data') frame[field] = value;
  }
  return frame;
}
