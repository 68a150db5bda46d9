import * as v from 'valibot';
import type { ApiClient } from './client';
import { fileSchema, type VideoFile } from './schemas';
import { sseParser, type SseMessage } from './sse-parser';

/** A change of one of the account's files, as GET /api/files/events sends it; 'reset': events were missed, reload. */
export type FileEvent =
  | { kind: 'added'; file_id: number; file: VideoFile }
  | { kind: 'changed'; file_id: number; changes: Partial<VideoFile> }
  | { kind: 'deleted'; file_id: number }
  | { kind: 'reset' };

/** 'live': events arrive; 'connecting': (re)connecting; 'polling': streaming seems blocked, reload on a timer. */
export type StreamState = 'connecting' | 'live' | 'polling';

export interface FileEventWatcher {
  onEvent(event: FileEvent): void;
  onState?(state: StreamState): void;
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
const MAX_RETRY_MS = 30_000;
/** A stream whose last byte (event or heartbeat, every 15 s) is older than this is dead: reconnect. */
const SILENCE_MS = 45_000;

/**
 * One stream per API client (so per session), shared by every element of the page on that base;
 * it opens with the first watcher and closes when the last one leaves. Read with fetch (the key goes
 * in the x-apikey header, never in the URL); a dropped stream reconnects with `Last-Event-ID`.
 */
class FileEventChannel {
  readonly #api: ApiClient;
  readonly #watchers = new Set<FileEventWatcher>();
  #state: StreamState = 'connecting';
  #lastId: string | undefined;
  #controller: AbortController | null = null;
  #failures = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;

  constructor(api: ApiClient) {
    this.#api = api;
  }

  add(watcher: FileEventWatcher): () => void {
    this.#watchers.add(watcher);
    watcher.onState?.(this.#state);
    if (this.#watchers.size === 1) void this.#connect();
    return () => {
      this.#watchers.delete(watcher);
      if (!this.#watchers.size) this.#stop();
    };
  }

  #stop(): void {
    clearTimeout(this.#retry);
    this.#controller?.abort();
    this.#controller = null;
    this.#lastId = undefined;
    this.#failures = 0;
    this.#setState('connecting');
  }

  #setState(state: StreamState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const w of this.#watchers) w.onState?.(state);
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
      if (this.#lastId) headers['last-event-id'] = this.#lastId;
      const response = await fetch(this.#api.url('files/events'), { headers, signal: controller.signal, cache: 'no-store' });
      if (response.status === 401) {
        this.#api.errorFromReply(401, await response.json().catch(() => null), true); // ends the session
        return;
      }
      if (!response.ok || !response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
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

  #receive(message: SseMessage): void {
    if (message.id !== undefined) this.#lastId = message.id;
    if (message.event === 'ready') {
      this.#failures = 0;
      this.#setState('live');
    } else if (message.event === 'reset') {
      this.#emit({ kind: 'reset' });
    } else if (message.event === 'file') {
      let body: unknown;
      try {
        body = JSON.parse(message.data);
      } catch {
        body = null;
      }
      const event = fileEventOf(body);
      if (event) this.#emit(event);
      else console.warn('vp-admin-kit: a file event does not match the API contract; ignored.', message.data);
    }
  }
}

const channels = new WeakMap<ApiClient, FileEventChannel>();

/** Watches the account's file changes; returns the function that stops watching. */
export function watchFileEvents(api: ApiClient, watcher: FileEventWatcher): () => void {
  let channel = channels.get(api);
  if (!channel) channels.set(api, (channel = new FileEventChannel(api)));
  return channel.add(watcher);
}
