import fs from 'node:fs';
import path from 'node:path';
import type net from 'node:net';
import { holdOwnership, MACHINE_FILE, machineId } from '../lib/temp-owner';
import { randomToken } from '../lib/tokens';

const STORED_NAME = /^[A-Za-z0-9]{32}$/;

/**
 * Where subtitle content lives, by key (`subtitles.storage_name`): files in the data folder with
 * SQLite, rows in the database with PostgreSQL (so that every node serves every subtitle). Uploads are
 * streamed to temporary files of the data folder first, whatever the store.
 */
export interface SubtitleStore {
  /**
   * Stores the bytes under a key from `newStorageKey()`. The caller picks the key first so that it
   * can be written down before the content exists (see StorageJournal): a crash then leaves nothing
   * that cannot be found and cleaned.
   */
  put(key: string, content: string | Uint8Array): Promise<void>;
  /** The bytes stored under a key; {@link ContentGoneError} when nothing is (any more). */
  get(key: string): Promise<Buffer>;
  delete(keys: readonly string[]): Promise<void>;
  /** Folder of the temporary upload files (one folder per process inside: see TempFiles). */
  readonly tmpDir: string;
  /** The name of this process's folder in `tmpDir`. */
  readonly ownFolder: string;
  /** Creates this process's folder and starts holding it (before the first upload). */
  claim(): Promise<void>;
  /** Marks the folder as still owned, for nodes on other machines (at every sweep). */
  heartbeat(): Promise<void>;
  /** Lets the folder go and removes it (at close). */
  release(): Promise<void>;
  /** A path for an upload in progress (`discard` it when done). */
  newTempPath(): string;
  discard(tempPath: string): Promise<void>;
}

/**
 * Nothing is stored under the key. Content goes only after no row points at it, so a request that read
 * a row and then finds its content gone raced a change of that row (a purge, a new rendition): the
 * track it read is not there any more, which is a 404 (or a fresh read), never a 500.
 */
export class ContentGoneError extends Error {
  constructor(key: string) {
    super(`No stored subtitle content ${JSON.stringify(key)}`);
  }
}

/** For `.catch`: content that is gone as null; any other failure stays an error. */
export const nullWhenGone = (err: unknown): null => {
  if (err instanceof ContentGoneError) return null;
  throw err;
};

/** A new random key for stored content. */
export const newStorageKey = (): string => randomToken(32);

/** `owner-<24 random alphanumerics>`: a process's folder of temporary upload files. */
export const OWN_FOLDER = /^owner-([A-Za-z0-9]{24})$/;

/**
 * Temporary upload files: `<dataDir>/tmp/owner-<id>/upload-<random>`, one folder per process, held by
 * a lock that dies with the process (temp-owner.ts): a start-up sweep removes every folder whose owner
 * is gone, whatever became of its process id (see sweepTempFiles).
 */
export class TempFiles {
  readonly tmpDir: string;
  readonly #id = randomToken(24);
  #owner: net.Server | null = null;

  constructor(dataDir: string) {
    this.tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  get ownFolder(): string {
    return `owner-${this.#id}`;
  }

  async claim(): Promise<void> {
    this.#owner ??= await holdOwnership(this.tmpDir, this.#id); // held first: a sweep never sees the folder unowned
    const folder = path.join(this.tmpDir, this.ownFolder);
    if (fs.existsSync(folder)) return;
    // The folder appears with its machine named (a rename is atomic): a node of another machine never
    // sees it without, which it would judge by a socket it cannot reach.
    const draft = path.join(this.tmpDir, `.claim-${this.#id}`);
    await fs.promises.mkdir(draft, { recursive: true });
    await fs.promises.writeFile(path.join(draft, MACHINE_FILE), machineId());
    await fs.promises.rename(draft, folder);
  }

  /** Tells nodes on other machines that this folder's owner still runs (see sweepTempFiles). */
  async heartbeat(): Promise<void> {
    const now = new Date();
    await fs.promises.utimes(path.join(this.tmpDir, this.ownFolder, MACHINE_FILE), now, now).catch(() => undefined);
  }

  async release(): Promise<void> {
    const owner = this.#owner;
    this.#owner = null;
    await fs.promises.rm(path.join(this.tmpDir, this.ownFolder), { recursive: true, force: true });
    await new Promise((resolve) => (owner ? owner.close(resolve) : resolve(undefined)));
  }

  newTempPath(): string {
    return path.join(this.tmpDir, this.ownFolder, `upload-${randomToken(24)}`);
  }

  async discard(tempPath: string): Promise<void> {
    await fs.promises.rm(tempPath, { force: true });
  }
}

/** Content as files: `<dataDir>/subtitles/<32 random alphanumerics>`, outside every served folder. */
export class FileSubtitleStore extends TempFiles implements SubtitleStore {
  readonly dir: string;

  constructor(dataDir: string) {
    super(dataDir);
    this.dir = path.join(dataDir, 'subtitles');
    fs.mkdirSync(this.dir, { recursive: true });
  }

  async put(key: string, content: string | Uint8Array): Promise<void> {
    await fs.promises.writeFile(this.pathOf(key), typeof content === 'string' ? Buffer.from(content, 'utf8') : content, { flag: 'wx' });
  }

  pathOf(key: string): string {
    if (!STORED_NAME.test(key)) throw new Error(`Invalid stored subtitle name: ${JSON.stringify(key)}`);
    return path.join(this.dir, key);
  }

  async get(key: string): Promise<Buffer> {
    try {
      return await fs.promises.readFile(this.pathOf(key));
    } catch (err) {
      throw (err as NodeJS.ErrnoException).code === 'ENOENT' ? new ContentGoneError(key) : err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.promises.rm(this.pathOf(k), { force: true })));
  }
}
