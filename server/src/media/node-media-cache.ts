import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { ownerOfMediaKey } from './file-media';

/** Objects larger than this are streamed from the bucket every time (a segment is a few MB at most). */
const MAX_OBJECT_BYTES = 16 * 1024 * 1024;
const TEMP = '.incoming';

/** A copy's size, and the bucket's validators of the object, which every node's reply carries alike. */
export interface KeptObject {
  size: number;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/**
 * A node's own copy, on its local disk, of the bucket's objects its players read: a key's content never
 * changes (its folder name is random, made when it was written), so a copy is never stale and is served
 * as the folder store serves its files — a player's next segment is a local read, not a round trip to the
 * bucket. Filled as a whole object streams from the bucket to its first reader (never held in memory),
 * bounded to `maxBytes` (least recently read go first), emptied at start (no index outlives the process),
 * and a file's copies are dropped when it goes to the trash or is deleted, on whichever node that was.
 * Whether an object may be served at all is asked before (send-media.ts), so a copy never outlives its right.
 */
export class NodeMediaCache {
  readonly dir: string;
  readonly #maxBytes: number;
  /** Copies on disk, least recently read first (a Map keeps insertion order; a read moves its key last). */
  readonly #entries = new Map<string, KeptObject>();
  #bytes = 0;

  constructor(dir: string, maxBytes: number) {
    this.dir = path.resolve(dir);
    this.#maxBytes = maxBytes;
    fs.rmSync(this.dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(this.dir, TEMP), { recursive: true });
  }

  /** The node's copy of `key`, if it holds one; a hit counts as a read for the eviction order. */
  get(key: string): KeptObject | undefined {
    const kept = this.#entries.get(key);
    if (!kept) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, kept);
    return kept;
  }

  has(key: string): boolean {
    return this.#entries.has(key);
  }

  /** Bytes the copies take on disk. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Copies a whole object to disk as it streams to its reader: send on what it returns. The copy is kept
   * only if every one of its `length` bytes arrived (a reader gone midway, or a cut read, keeps nothing);
   * `settled` is told which, once the copy is kept or its temporary file gone.
   */
  keep(key: string, body: Readable, { size: length, ...validators }: KeptObject, settled?: (kept: boolean) => void): Readable {
    if (length > MAX_OBJECT_BYTES || length > this.#maxBytes || this.#entries.has(key)) {
      settled?.(false);
      return body;
    }
    const temp = path.join(this.dir, TEMP, randomUUID());
    const copy = fs.createWriteStream(temp);
    // Two readers of one stream: each at its own pace, the slower one holds the bucket's (backpressure).
    const toReader = new PassThrough();
    body.pipe(toReader);
    body.pipe(copy);
    body.once('error', (err) => toReader.destroy(err));
    body.once('close', () => {
      if (!body.readableEnded) copy.destroy();
    });
    toReader.once('close', () => {
      if (!body.readableEnded) body.destroy(); // the reader left: nothing more is read for it
    });
    const drop = () => fs.rm(temp, { force: true }, () => settled?.(false));
    copy.on('error', () => {}); // a disk that fails loses the copy, not the reader's bytes: its close drops it
    copy.once('close', () => {
      if (copy.errored || copy.bytesWritten !== length || !body.readableEnded) return drop();
      const target = path.join(this.dir, key);
      fs.mkdir(path.dirname(target), { recursive: true }, (mkdirError) => {
        if (mkdirError) return drop();
        fs.rename(temp, target, (renameError) => {
          if (renameError) return drop();
          this.#add(key, { size: length, ...validators });
          settled?.(true);
        });
      });
    });
    return toReader;
  }

  /** Drops every copy of a file's own media (`files/<file_id>-…/`). */
  forgetFile(fileId: number): void {
    for (const key of [...this.#entries.keys()]) if (ownerOfMediaKey(key) === fileId) this.#remove(key);
  }

  #add(key: string, kept: KeptObject): void {
    if (this.#entries.has(key)) return; // two first readers at once: the same bytes, renamed over each other
    this.#entries.set(key, kept);
    this.#bytes += kept.size;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(oldest);
    }
  }

  #remove(key: string): void {
    const kept = this.#entries.get(key);
    if (!kept) return;
    this.#entries.delete(key);
    this.#bytes -= kept.size;
    // A reader of the copy keeps its open file: removing it under them is safe on every supported OS.
    fs.rm(path.join(this.dir, key), { force: true }, () => {});
  }
}
