/** Whether a file's own media may be served: it is live, in the trash (410), or gone (purged, or never was: 404). */
export type ServingState = 'live' | 'trashed' | 'gone';

type Entry<T> = { state: T; readAt: number } | { loading: Promise<T> };

export interface ServingStatesOptions {
  /** A state read this long ago is read again, even if no event said it changed (the safety net). */
  ttlMs: number;
  /** Files remembered at most; past it the oldest go first. */
  maxEntries: number;
  now?: () => number;
}

/**
 * One node's memory of which files' media may be served (or of another fact of a file's that every media
 * request asks, as its player access: `T`), so that a player's segment every few seconds
 * and a list's hundred thumbnails cost a Map lookup, not a database read each: a state is read once,
 * kept until an event of the file says it changed (`forget`, from the file event log every node
 * reads) or `ttlMs` passed, whichever comes first. Concurrent misses of one file share one read, and
 * a read that was under way when its file changed is used by the request that made it but not kept.
 */
export class ServingStates<T = ServingState> {
  readonly #read: (fileId: number) => Promise<T>;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<number, Entry<T>>();

  constructor(read: (fileId: number) => Promise<T>, options: ServingStatesOptions) {
    this.#read = read;
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  /** The file's state: at once when it is known and fresh, else after one read. */
  state(fileId: number): T | Promise<T> {
    const entry = this.#entries.get(fileId);
    if (entry && 'loading' in entry) return entry.loading;
    if (entry && this.#now() - entry.readAt < this.#ttlMs) return entry.state;
    const readAt = this.#now();
    const loading = this.#read(fileId);
    const pending: Entry<T> = { loading };
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

  /** Something every file may read changed (an account's default): every file is read again. */
  forgetAll(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #remember(fileId: number, entry: Entry<T>): void {
    this.#entries.delete(fileId);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(fileId, entry);
  }
}
