import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where renditions, images and uploaded sources live: one store that every node and worker reads and
 * writes, addressed by keys such as `files/12-ab3xk9/master.m3u8`: a folder (below), or an S3-compatible
 * bucket (s3-media-store.ts; open-media-store.ts picks one). test/media-store-contract.test.ts holds both to these calls.
 */
export interface MediaStore {
  /** Streams `source` into `key`; more than `maxBytes` aborts with MediaTooLargeError and leaves nothing. */
  putStream(key: string, source: Readable, maxBytes?: number): Promise<number>;
  /** Copies a local file (a worker's output) into the store. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Copies a stored object to a local file (a worker's input). */
  getFile(key: string, localPath: string): Promise<void>;
  /** The object's size, or null when it is missing. */
  size(key: string): Promise<number | null>;
  /** Bytes of every object under a folder key (ending with `/`); 0 when there is none. */
  bytesUnder(folder: string): Promise<number>;
  /** The first bytes of an object (to sniff its type). */
  head(key: string, bytes: number): Promise<Buffer>;
  /** An object's bytes as a stream, never held whole (a missing object rejects). */
  getStream(key: string): Promise<Readable>;
  /** Every object under a folder key (ending with `/`; `''`: the whole store) with its size, in key order. */
  list(folder: string): AsyncIterable<StoredObject>;
  /** Removes an object, or every object under a prefix ending with `/`. */
  delete(keyOrPrefix: string): Promise<void>;
}

/** An object as a listing names it: its media key and its size in bytes. */
export interface StoredObject {
  key: string;
  size: number;
}

export class MediaTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`more than ${maxBytes} bytes`);
  }
}

/** Keys are relative paths of safe names: no `..`, no absolute paths, no hidden files. */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/?$/;
export const isMediaKey = (key: string): boolean => key.length <= 300 && KEY.test(key) && !key.split('/').includes('..');

/** A byte counter that fails the stream past a limit. */
function capped(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new MediaTooLargeError(maxBytes) : null, chunk);
    },
  });
}

/** A temporary file of #write: `<name>.<pid>.partial`. */
const TEMPORARY = /\.\d+\.partial$/;

/** The media store as a folder (`VP_MEDIA_DIR`; a shared mount when several machines run nodes or workers). */
export class FolderMediaStore implements MediaStore {
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  #path(key: string): string {
    if (!isMediaKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  /** Writes beside the final name, then renames: a reader never sees half an object. */
  async #write(key: string, write: (tempPath: string) => Promise<void>): Promise<void> {
    const target = this.#path(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.partial`;
    try {
      await write(temp);
      await fs.promises.rename(temp, target);
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  async putStream(key: string, source: Readable, maxBytes = Number.MAX_SAFE_INTEGER): Promise<number> {
    let bytes = 0;
    await this.#write(key, async (temp) => {
      await pipeline(source, capped(maxBytes), fs.createWriteStream(temp, { flags: 'wx' }));
      bytes = (await fs.promises.stat(temp)).size;
    });
    return bytes;
  }

  putFile(key: string, localPath: string): Promise<void> {
    return this.#write(key, (temp) => fs.promises.copyFile(localPath, temp));
  }

  async getFile(key: string, localPath: string): Promise<void> {
    await fs.promises.copyFile(this.#path(key), localPath);
  }

  async size(key: string): Promise<number | null> {
    const file = this.#path(key); // a key that is not one is refused, not missing
    try {
      return (await fs.promises.stat(file)).size;
    } catch {
      return null;
    }
  }

  async bytesUnder(folder: string): Promise<number> {
    const root = this.#path(folder);
    const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    let bytes = 0;
    for (const entry of entries) if (entry.isFile()) bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
    return bytes;
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const handle = await fs.promises.open(this.#path(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async getStream(key: string): Promise<Readable> {
    const handle = await fs.promises.open(this.#path(key), 'r'); // a missing object rejects here, not later in the stream
    return handle.createReadStream(); // closes the handle at its end
  }

  /** The files under the folder, but not the temporary ones of writes in progress (#write): they are not objects yet. */
  async *list(folder: string): AsyncGenerator<StoredObject> {
    const root = folder === '' ? this.root : this.#path(folder);
    const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    const keys = entries
      .filter((entry) => entry.isFile() && !TEMPORARY.test(entry.name))
      .map((entry) => path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter(isMediaKey)
      .sort();
    for (const key of keys) {
      const size = await this.size(key);
      if (size !== null) yield { key, size }; // deleted since the folder was read
    }
  }

  async delete(keyOrPrefix: string): Promise<void> {
    await fs.promises.rm(this.#path(keyOrPrefix), { recursive: true, force: true });
    if (keyOrPrefix.endsWith('/')) await this.#removeEmptyParents(keyOrPrefix);
  }

  /**
   * A bucket has no folders: a removed prefix leaves no empty folder above it either (media check's
   * `checks/` was left behind). Only after a prefix: removing a single object (a tus upload) keeps
   * its folder, which tus's own store writes into without making it.
   */
  async #removeEmptyParents(prefix: string): Promise<void> {
    const parts = prefix.split('/').filter(Boolean);
    for (let depth = parts.length - 1; depth > 0; depth--) {
      const removed = await fs.promises.rmdir(path.join(this.root, ...parts.slice(0, depth))).then(
        () => true,
        () => false, // not empty (or already gone): the folders above it stay
      );
      if (!removed) return;
    }
  }
}
