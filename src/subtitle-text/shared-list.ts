/**
 * An immutable list whose updates share what they leave unchanged: the items are held in chunks of
 * CHUNK, and `with` copies the one chunk it changes and the list of chunks, not every item. Typing in
 * one cue of a 5,000-cue track then makes a few hundred bytes of garbage a key, not two copies of the
 * whole track (issue 44), and two lists that share chunks are compared a chunk at a time.
 */

/** What reads a list by position: an array, or a SharedList. */
export interface Indexed<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/** Items per chunk: near the square root of a long track's cue count, so the chunk and the list of chunks copied by `with` are both small. */
const CHUNK = 64;

export class SharedList<T> implements Indexed<T>, Iterable<T> {
  private constructor(
    private readonly chunks: readonly (readonly T[])[],
    readonly length: number,
  ) {}

  static from<T>(items: readonly T[]): SharedList<T> {
    const chunks: T[][] = [];
    for (let at = 0; at < items.length; at += CHUNK) chunks.push(items.slice(at, at + CHUNK));
    return new SharedList(chunks, items.length);
  }

  /** The item at `index` (a negative index counts from the end, as an array's `at`). */
  at(index: number): T | undefined {
    const i = index < 0 ? index + this.length : index;
    if (!(i >= 0 && i < this.length)) return undefined;
    return this.chunks[Math.floor(i / CHUNK)]![i % CHUNK];
  }

  /** The list with `value` at `index` (within the list), as an array's `with`: this list is left as it was. */
  with(index: number, value: T): SharedList<T> {
    if (!(index >= 0 && index < this.length)) throw new RangeError(`There is no item ${index}.`);
    const chunks = this.chunks.slice();
    const chunk = chunks[Math.floor(index / CHUNK)]!.slice();
    chunk[index % CHUNK] = value;
    chunks[Math.floor(index / CHUNK)] = chunk;
    return new SharedList(chunks, this.length);
  }

  *[Symbol.iterator](): Iterator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }

  toArray(): T[] {
    return this.chunks.flat() as T[];
  }

  /**
   * The positions where two lists of the same length hold different items (by identity). Two shared
   * lists skip the chunks they share: after an edit of one item, one chunk is read, not every item.
   */
  static changed<T>(a: Indexed<T>, b: Indexed<T>): number[] {
    if (a.length !== b.length) throw new RangeError('The lists differ in length.');
    const changed: number[] = [];
    if (a instanceof SharedList && b instanceof SharedList) {
      a.chunks.forEach((chunk, c) => {
        const other = b.chunks[c]!;
        if (chunk !== other) chunk.forEach((item, i) => item !== other[i] && changed.push(c * CHUNK + i));
      });
    } else for (let i = 0; i < a.length; i++) if (a.at(i) !== b.at(i)) changed.push(i);
    return changed;
  }
}
