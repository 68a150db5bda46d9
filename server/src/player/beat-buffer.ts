import type { StoredBeat } from '../db/view-stats-repository';

export interface BeatBufferOptions {
  /** Stores a batch (one transaction). */
  write(beats: StoredBeat[]): Promise<void>;
  /** A batch is written once this many beats wait (VP_BEATS_BATCH). */
  batch: number;
  /** …or this long after the first of them came (1 s). */
  flushMs: number;
  onError(err: unknown): void;
}

/** Beats held at most, in batches: past it (the database is down or slow) a beat is refused, never held without end. */
const HELD_BATCHES = 20;

/**
 * The view beats a node accepted, written in batches (decision D54): a thousand viewers beating every
 * 10 s make one write a second, not a hundred. A failed write keeps its beats for the next try while
 * there is room; `close` writes what is left.
 */
export class BeatBuffer {
  readonly #options: BeatBufferOptions;
  #beats: StoredBeat[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  constructor(options: BeatBufferOptions) {
    this.#options = options;
  }

  /** Holds a beat; false when the buffer is full. */
  add(beat: StoredBeat): boolean {
    if (this.#beats.length >= this.#options.batch * HELD_BATCHES) return false;
    this.#beats.push(beat);
    if (this.#beats.length >= this.#options.batch) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#options.flushMs);
    return true;
  }

  /** Writes what is held now (after any write in progress); resolves when it is stored. */
  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing = this.#writing.then(async () => {
      const beats = this.#beats.splice(0, this.#beats.length);
      if (!beats.length) return;
      try {
        await this.#options.write(beats);
      } catch (err) {
        this.#options.onError(err);
        const room = this.#options.batch * HELD_BATCHES - this.#beats.length;
        this.#beats.unshift(...beats.slice(0, Math.max(0, room)));
        this.#timer ??= setTimeout(() => void this.flush(), this.#options.flushMs);
      }
    });
    return this.#writing;
  }

  async close(): Promise<void> {
    await this.flush();
    clearTimeout(this.#timer);
  }
}
