import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens';

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
  /** The bytes stored under a key. */
  get(key: string): Promise<Buffer>;
  delete(keys: readonly string[]): Promise<void>;
  /** Folder of the temporary upload files. */
  readonly tmpDir: string;
  /** A path for an upload in progress (`discard` it when done). */
  newTempPath(): string;
  discard(tempPath: string): Promise<void>;
}

/** A new random key for stored content. */
export const newStorageKey = (): string => randomToken(32);

/**
 * Temporary upload files: `<dataDir>/tmp/upload-<pid>-<random>`. The process id in the name lets a
 * restarted server delete at once the files of a process that died (see sweepTempFiles).
 */
export class TempFiles {
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  newTempPath(): string {
    return path.join(this.tmpDir, `upload-${process.pid}-${randomToken(24)}`);
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

  get(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.promises.rm(this.pathOf(k), { force: true })));
  }
}
