import { ContentGoneError, TempFiles, type SubtitleStore } from '../subtitle-store';
import type { PgQueries } from './pg-queries';

/** Subtitle content as rows of `subtitle_contents` (bytea), readable by every node. */
export class PgSubtitleStore extends TempFiles implements SubtitleStore {
  readonly #db: PgQueries;

  constructor(db: PgQueries, dataDir: string) {
    super(dataDir);
    this.#db = db;
  }

  async put(key: string, content: string | Uint8Array): Promise<void> {
    const bytes =
      typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    await this.#db.run('INSERT INTO subtitle_contents (storage_name, content) VALUES (?, ?)', [key, bytes]);
  }

  async get(key: string): Promise<Buffer> {
    const row = await this.#db.get<{ content: Buffer }>('SELECT content FROM subtitle_contents WHERE storage_name = ?', [key]);
    if (!row) throw new ContentGoneError(key);
    return row.content;
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.#db.run('DELETE FROM subtitle_contents WHERE storage_name = ?', [key]);
  }
}
