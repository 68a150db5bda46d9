/** Whether a file's own media may be served: it is live, in the trash (410), or gone (purged, or never was: 404). */
export type ServingState = 'live' | 'trashed' | 'gone';

type Entry = { state: ServingState; readAt: number } | { loading: Promise<ServingState> };

export interface ServingStatesOptions {
  /** A state read this long ago is read again, even if no event said it changed (the safety net). */
  ttlMs: number;
  /** Files remembered at most; past it the oldest go first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * One node's memory of which files' media may be served, so that a player's segment every few seconds
 * and a list's hundred thumbnails cost a Map lookup, not a database read each: a state is read once,
 * kept until an event of the file says it changed (`forget`, from the file event log every node
 * reads) or `ttlMs` passed, whichever comes first. Concurrent misses of one file share one read, and
 * a read that was under way when its file changed is used by the request that made it but not kept.
 */
export class ServingStates {
  readonly #read: (fileId: number) => Promise<ServingState>;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<number, Entry>();

  constructor(read: (fileId: number) => Promise<ServingState>, options: ServingStatesOptions) {
    this.#read = read;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The file's state: at once when it is known and fresh, else after one read. */
  state(fileId: number): ServingState | Promise<ServingState> {
    const entry = this.#entries.get(fileId);
    if (entry && 'loading' in entry) return entry.loading;
    if (entry && this.#now() - entry.readAt < this.#ttlMs) return entry.state;
    const readAt = this.#now();
    const loading = this.#read(fileId);
    const pending: Entry = { loading };
    this.#remember(fileId, pending);
    loading.then(
      (state) => {
        if (this.#entries.get(fileId) === pending) this.#entries.set(fileId, { state, readAt });
      },
      () => {
        if (this.#entries.get(fileId) === pending) this.#entries.delete(fileId); // the next request reads again
      },
    );
    return loading;
  }

  /** The file changed (an event said so): the next request reads its state again. */
  forget(fileId: number): void {
    this.#entries.delete(fileId);
  }

  get size(): number {
    return this.#entries.size;
  }

  #remember(fileId: number, entry: Entry): void {
    this.#entries.delete(fileId);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(fileId, entry);
  }
}
