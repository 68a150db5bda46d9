import * as v from 'valibot';
import type { FileEventJson } from '../../contract/file-event';
import type { ApiClient } from './client';
import { fileSchema, type VideoFile } from './schemas';
import { sseParser, type SseMessage } from './sse-parser';

/** A change of one of the account's files, as GET /api/files/events sends it; 'reset': events were missed, reload. */
export type FileEvent = FileEventJson<VideoFile> | { kind: 'reset' };

/** 'live': events arrive; 'connecting': (re)connecting; 'polling': streaming seems blocked, watchers poll. */
type StreamState = 'connecting' | 'live' | 'polling';

export interface FileEventWatcher {
  onEvent(event: FileEvent): void;
  /** A bulk job's progress (`event: job`): its data, unchecked (the bulk bar reads it). */
  onJob?(data: unknown): void;
  /** Streaming is blocked: load the data again (every POLL_MS while the page is visible, and when it is shown again). */
  poll?(): void;
}

/** A watcher's hold on the stream. */
export interface FileEventWatch {
  /**
   * The watcher's data was read at this point of the event log (a reply's `lastEventId`): it gets
   * again every event after it that the stream already handed out (they may have come before the
   * reply), and the stream starts from it when it has not opened yet or opened later.
   */
  caughtUp(lastEventId: number): void;
  stop(): void;
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** A `data` of `event: file` as the contract has it, else null (an added file is checked whole, changed fields one by one). */
export function fileEventOf(body: unknown): FileEvent | null {
  if (!body || typeof body !== 'object') return null;
  const e = body as { kind?: unknown; file_id?: unknown; file?: unknown; changes?: unknown };
  if (!isId(e.file_id)) return null;
  if (e.kind === 'deleted') return { kind: 'deleted', file_id: e.file_id };
  if (e.kind === 'added') {
    const file = v.safeParse(fileSchema, e.file);
    return file.success ? { kind: 'added', file_id: e.file_id, file: file.output } : null;
  }
  if (e.kind !== 'changed' || !e.changes || typeof e.changes !== 'object') return null;
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(e.changes)) {
    const schema = fileSchema.entries[field as keyof typeof fileSchema.entries];
    if (!schema) continue; // a field this kit does not show
    const checked = v.safeParse(schema, value);
    if (!checked.success) return null;
    changes[field] = checked.output;
  }
  return { kind: 'changed', file_id: e.file_id, changes: changes as Partial<VideoFile> };
}

/** Failed connections in a row (none reached 'ready') before the list falls back to polling. */
const FAILURES_BEFORE_POLLING = 3;
/** Answers of a proxy that does not pass the stream (no content, or no such route): polling at once. */
const BLOCKED_STATUSES = new Set([204, 404]);
/** How often watchers poll while streaming is blocked (never while the page is hidden). */
export const POLL_MS = 10_000;
/** Events kept to hand again to a watcher whose data was read before them. */
const KEPT_EVENTS = 1_000;
const MAX_RETRY_MS = 30_000;
/** A stream whose last byte (event or heartbeat, every 15 s) is older than this is dead: reconnect. */
const SILENCE_MS = 45_000;

/**
 * One stream per API client (so per session), shared by every element of the page on that base;
 * it opens with the first watcher and closes when the last one leaves. Read with fetch (the key goes
 * in the x-apikey header, never in the URL); a dropped stream reconnects with `Last-Event-ID`.
 *
 * No change is missed between a watcher's load and the stream: the load's reply says where it stands
 * in the event log (`caughtUp`); the stream starts from there, or, when it was already running, hands
 * the watcher again what came after (events are kept since the stream's start, the last KEPT_EVENTS).
 * An event that comes twice only sets what it set before.
 */
class FileEventChannel {
  readonly #api: ApiClient;
  readonly #watchers = new Set<FileEventWatcher>();
  #state: StreamState = 'connecting';
  #lastId: string | undefined;
  #controller: AbortController | null = null;
  #failures = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  /** Every event after this id has been received and those after `#keptFrom` are in `#kept`; null: not known yet. */
  #keptFrom: number | null = null;
  #kept: { id: number; event: FileEvent }[] = [];
  /** Watchers that need the events after an id the stream has not started from (yet): the next connection starts there. */
  readonly #waiting = new Map<FileEventWatcher, number>();
  #poller: ReturnType<typeof setInterval> | undefined;

  constructor(api: ApiClient) {
    this.#api = api;
  }

  add(watcher: FileEventWatcher, caughtUpTo?: number): FileEventWatch {
    this.#watchers.add(watcher);
    if (caughtUpTo !== undefined) this.#caughtUp(watcher, caughtUpTo);
    if (this.#watchers.size === 1) void this.#connect();
    return {
      caughtUp: (lastEventId) => this.#caughtUp(watcher, lastEventId),
      stop: () => {
        if (!this.#watchers.delete(watcher)) return;
        this.#waiting.delete(watcher);
        if (!this.#watchers.size) this.#stop();
      },
    };
  }

  #caughtUp(watcher: FileEventWatcher, lastEventId: number): void {
    if (!this.#watchers.has(watcher)) return;
    if (this.#keptFrom !== null && lastEventId >= this.#keptFrom) {
      for (const { id, event } of this.#kept) if (id > lastEventId) watcher.onEvent(event);
      return;
    }
    this.#waiting.set(watcher, Math.min(this.#waiting.get(watcher) ?? lastEventId, lastEventId));
    // A live stream that began after that point begins again from there (else the next connection does).
    if (this.#keptFrom !== null && this.#state === 'live') this.#reconnectNow();
  }

  #reconnectNow(): void {
    clearTimeout(this.#retry);
    this.#controller?.abort();
    this.#controller = null;
    void this.#connect();
  }

  #stop(): void {
    clearTimeout(this.#retry);
    this.#controller?.abort();
    this.#controller = null;
    this.#lastId = undefined;
    this.#keptFrom = null;
    this.#kept = [];
    this.#waiting.clear();
    this.#failures = 0;
    this.#setState('connecting');
  }

  #keep(id: number, event: FileEvent): void {
    this.#kept.push({ id, event });
    if (this.#kept.length > KEPT_EVENTS) this.#keptFrom = this.#kept.shift()!.id;
  }

  #setState(state: StreamState): void {
    if (state === this.#state) return;
    this.#state = state;
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#schedulePolls();
    if (state === 'polling') document.addEventListener('visibilitychange', this.#onVisibility);
  }

  /** Polls on a timer while streaming is blocked and the page is visible. */
  #schedulePolls(): void {
    clearInterval(this.#poller);
    this.#poller = undefined;
    if (this.#state !== 'polling' || document.visibilityState === 'hidden') return;
    this.#poller = setInterval(() => this.#poll(), POLL_MS);
  }

  readonly #onVisibility = (): void => {
    if (document.visibilityState === 'visible') this.#poll(); // what changed while it was hidden, at once
    this.#schedulePolls();
  };

  #poll(): void {
    for (const w of this.#watchers) w.poll?.();
  }

  #emit(event: FileEvent): void {
    for (const w of this.#watchers) w.onEvent(event);
  }

  async #connect(): Promise<void> {
    if (!this.#watchers.size || !this.#api.hasKey()) return;
    const controller = new AbortController();
    this.#controller = controller;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const alive = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), SILENCE_MS);
    };
    try {
      alive();
      const headers: Record<string, string> = { ...this.#api.authHeaders(), accept: 'text/event-stream' };
      const from = this.#resumeFrom();
      if (from !== undefined) headers['last-event-id'] = String(from);
      const response = await fetch(this.#api.url('files/events'), { headers, signal: controller.signal, cache: 'no-store' });
      if (response.status === 401) {
        this.#api.errorFromReply(401, await response.json().catch(() => null), true); // ends the session
        return;
      }
      if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        if (BLOCKED_STATUSES.has(response.status)) this.#failures = Math.max(this.#failures, FAILURES_BEFORE_POLLING - 1);
        throw new Error(`the event stream answered ${response.status}`);
      }
      const feed = sseParser((message) => this.#receive(message));
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        feed(value);
      }
    } catch (error) {
      if (this.#controller !== controller) return; // stopped on purpose
      console.warn('vp-admin-kit: the live file stream dropped; reconnecting.', error);
    } finally {
      clearTimeout(silence);
    }
    if (this.#controller !== controller) return;
    this.#failures += 1;
    this.#setState(this.#failures >= FAILURES_BEFORE_POLLING ? 'polling' : 'connecting');
    const delay = Math.min(MAX_RETRY_MS, 1_000 * 2 ** Math.min(this.#failures - 1, 5));
    this.#retry = setTimeout(() => void this.#connect(), delay);
  }

  /**
   * Where a connection starts: after the last event received, or earlier when a watcher needs it
   * (the events between come again to every watcher; kept events restart from there).
   */
  #resumeFrom(): number | undefined {
    const last = this.#lastId === undefined ? undefined : Number(this.#lastId);
    if (!this.#waiting.size) return last;
    const wanted = Math.min(...this.#waiting.values());
    if (last !== undefined && last <= wanted) return last;
    // The stream now stands at `wanted`: it hands every watcher what came after, so none waits any more.
    this.#lastId = String(wanted);
    this.#keptFrom = wanted;
    this.#kept = [];
    this.#waiting.clear();
    return wanted;
  }

  #receive(message: SseMessage): void {
    if (message.id !== undefined) this.#lastId = message.id;
    const id = Number(message.id);
    if (message.event === 'ready') {
      this.#failures = 0;
      this.#keptFrom ??= id; // a first stream: complete from here on
      this.#setState('live');
      // Watchers that read before the stream was live: handed what they miss, or the stream starts again earlier.
      const waiting = [...this.#waiting];
      this.#waiting.clear();
      for (const [watcher, lastEventId] of waiting) this.#caughtUp(watcher, lastEventId);
    } else if (message.event === 'reset') {
      this.#keptFrom = id; // what came before is unknown: every watcher loads again (and says where it then stands)
      this.#kept = [];
      this.#waiting.clear();
      this.#emit({ kind: 'reset' });
    } else if (message.event === 'job') {
      let data: unknown = null;
      try {
        data = JSON.parse(message.data);
      } catch {
        // not the contract's: the bulk bar's polling still reads the job
      }
      for (const w of this.#watchers) w.onJob?.(data);
    } else if (message.event === 'file') {
      let body: unknown;
      try {
        body = JSON.parse(message.data);
      } catch {
        body = null;
      }
      const event = fileEventOf(body);
      if (event) {
        this.#keep(id, event);
        this.#emit(event);
      } else console.warn('vp-admin-kit: a file event does not match the API contract; ignored.', message.data);
    }
  }
}

const channels = new WeakMap<ApiClient, FileEventChannel>();

/** Watches the account's file changes; `caughtUpTo`: where the watcher's data already stands (see `caughtUp`). */
export function watchFileEvents(api: ApiClient, watcher: FileEventWatcher, caughtUpTo?: number): FileEventWatch {
  let channel = channels.get(api);
  if (!channel) channels.set(api, (channel = new FileEventChannel(api)));
  return channel.add(watcher, caughtUpTo);
}
