import type { FileStreamEventName } from '../../../src/contract/file-event';
import type { StoredFileEvent } from '../db/file-events';

/** An event as streams send it: serialised once per node, whatever the number of streams. */
export interface DeliveredEvent {
  id: number;
  accountId: number;
  /** The SSE `event:` name: a file's change, a bulk job's progress, the stream is live, or events were missed (reload). */
  type: FileStreamEventName;
  /** The JSON of the `data:` line. */
  data: string;
}

/** What the hub reads: the event log, and the JSON of the events (an 'added' file's whole row). */
export interface FileEventSource {
  latestId(): Promise<number>;
  oldestId(): Promise<number | null>;
  after(cursor: number, limit: number): Promise<StoredFileEvent[]>;
  forAccount(accountId: number, after: number, upTo: number, limit: number): Promise<StoredFileEvent[]>;
  deliverable(events: StoredFileEvent[]): Promise<DeliveredEvent[]>;
}

export interface HubOptions {
  /** Read the log this often even without a wake-up (SQLite: the only signal; PostgreSQL: a safety net). */
  pollMs: number;
  /**
   * A missing id below newer ones is a transaction that took its id and has not committed yet
   * (PostgreSQL); the hub waits this long for it before going past (a rolled-back id never comes).
   */
  gapWaitMs: number;
  onError(err: unknown): void;
  /** Runs when the hub starts (PostgreSQL opens its LISTEN connection then). */
  onStart?: () => void;
}

/** A stream: gets its account's events in order, and is ended when the hub closes. */
export interface Subscriber {
  deliver(events: readonly DeliveredEvent[]): void;
  end(): void;
}

/** Events one read takes; a longer backlog is read in several. */
const PAGE = 500;
/** A stream that resumes further back than this many of its account's events starts over instead. */
export const MAX_REPLAY = 2_000;

/**
 * The fan-out of one node: one reader of the event log, however many streams; each stream
 * subscribes to its account. Events are delivered in id order, each id once.
 */
export class FileEventHub {
  readonly #source: FileEventSource;
  readonly #options: HubOptions;
  readonly #subscribers = new Map<number, Set<Subscriber>>();
  readonly #observers = new Set<(events: readonly StoredFileEvent[]) => void>();
  #cursor = 0;
  #started: Promise<void> | null = null;
  #reading: Promise<void> | null = null;
  #again = false;
  #gapSince: number | null = null;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;
  #hooked = false;
  /** The cursor is known: reads may begin. */
  #ready = false;

  constructor(source: FileEventSource, options: HubOptions) {
    this.#source = source;
    this.#options = options;
  }

  /** The id of the last event this node has delivered (or skipped). */
  get cursor(): number {
    return this.#cursor;
  }

  /**
   * Where a reply read from now on stands in the event log: every event up to it is in what the reply
   * reads, so a client that streams from it (`Last-Event-ID`) misses none after. The hub's cursor, not
   * the newest id: it never passes an id whose transaction has not committed yet (PostgreSQL), and an
   * event it has not read yet only comes twice, which a client applies harmlessly.
   */
  async position(): Promise<number> {
    await this.start();
    return this.#cursor;
  }

  get streams(): number {
    let n = 0;
    for (const set of this.#subscribers.values()) n += set.size;
    return n;
  }

  /** Starts reading (once): from the newest event, since a stream that needs older ones replays them. */
  start(): Promise<void> {
    this.#started ??= this.#begin().catch((err: unknown) => {
      this.#started = null; // the database was away: the next stream tries again
      throw err;
    });
    return this.#started;
  }

  async #begin(): Promise<void> {
    if (!this.#hooked) {
      this.#hooked = true;
      this.#options.onStart?.();
    }
    this.#cursor = await this.#source.latestId();
    this.#ready = true;
    this.#schedule(this.#options.pollMs);
  }

  subscribe(accountId: number, subscriber: Subscriber): () => void {
    let set = this.#subscribers.get(accountId);
    if (!set) this.#subscribers.set(accountId, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (!set.size && this.#subscribers.get(accountId) === set) this.#subscribers.delete(accountId);
    };
  }

  /**
   * Sees every event this node reads from now on, of every account, in id order (the node's caches of
   * file state forget what changed); the node reads the log from `start()` on.
   */
  observe(observer: (events: readonly StoredFileEvent[]) => void): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /**
   * The account's events after `lastId` up to `upTo`, for a stream that resumes; null when some may
   * be gone (pruned, or too many): the stream then tells its client to start over.
   */
  async missed(accountId: number, lastId: number, upTo: number): Promise<DeliveredEvent[] | null> {
    if (lastId >= upTo) return [];
    const oldest = await this.#source.oldestId();
    if (oldest === null || lastId < oldest - 1) return null;
    const events = await this.#source.forAccount(accountId, lastId, upTo, MAX_REPLAY + 1);
    if (events.length > MAX_REPLAY) return null;
    return this.#source.deliverable(events);
  }

  /** Reads the log now (a notification arrived); reads in flight are coalesced. */
  wake(): void {
    if (!this.#ready || this.#closed) return;
    if (this.#reading) {
      this.#again = true;
      return;
    }
    this.#reading = this.#drain()
      .catch((err: unknown) => this.#options.onError(err))
      .finally(() => {
        this.#reading = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    const all = [...this.#subscribers.values()].flatMap((set) => [...set]);
    this.#subscribers.clear();
    for (const subscriber of all) subscriber.end();
  }

  #schedule(ms: number): void {
    clearTimeout(this.#timer);
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.wake();
      this.#schedule(this.#options.pollMs);
    }, ms);
    this.#timer.unref();
  }

  async #drain(): Promise<void> {
    for (;;) {
      const rows = await this.#source.after(this.#cursor, PAGE);
      const ready = this.#readyPrefix(rows);
      if (ready.length) {
        this.#cursor = ready[ready.length - 1]!.id;
        for (const observer of this.#observers) observer(ready);
        this.#deliver(await this.#source.deliverable(ready.filter((e) => this.#subscribers.has(e.account_id))));
      }
      if (ready.length < rows.length) {
        this.#schedule(Math.min(50, this.#options.pollMs)); // look again soon for the missing id
        return;
      }
      if (rows.length < PAGE) return;
    }
  }

  /** The events that can go now: up to the first missing id, unless it has been missing for gapWaitMs. */
  #readyPrefix(rows: StoredFileEvent[]): StoredFileEvent[] {
    let expected = this.#cursor + 1;
    for (let i = 0; i < rows.length; i++) {
      const id = rows[i]!.id;
      if (id !== expected) {
        const now = Date.now();
        this.#gapSince ??= now;
        if (now - this.#gapSince < this.#options.gapWaitMs) return rows.slice(0, i);
        this.#gapSince = null;
      }
      expected = id + 1;
    }
    if (rows.length) this.#gapSince = null;
    return rows;
  }

  #deliver(events: DeliveredEvent[]): void {
    const byAccount = new Map<number, DeliveredEvent[]>();
    for (const e of events) {
      const list = byAccount.get(e.accountId);
      if (list) list.push(e);
      else byAccount.set(e.accountId, [e]);
    }
    for (const [accountId, list] of byAccount) {
      for (const subscriber of this.#subscribers.get(accountId) ?? []) subscriber.deliver(list);
    }
  }
}
