import fs from 'node:fs';
import path from 'node:path';
import { randomToken } from './tokens';

const STORED_NAME = /^[A-Za-z0-9]{32}$/;

/**
 * Subtitle content on disk: `<dataDir>/subtitles/<32 random alphanumerics>`, outside every served
 * folder; uploads are streamed to `<dataDir>/tmp/` first and moved in once they are validated.
 */
export class SubtitleStore {
  readonly dir: string;
  readonly tmpDir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'subtitles');
    this.tmpDir = path.join(dataDir, 'tmp');
    fs.mkdirSync(this.dir, { recursive: true });
    fs.mkdirSync(this.tmpDir, { recursive: true });
  }

  newTempPath(): string {
    return path.join(this.tmpDir, `upload-${randomToken(24)}`);
  }

  /** Moves a validated temp file into the store; returns its stored name. */
  async adopt(tempPath: string): Promise<string> {
    const name = randomToken(32);
    await fs.promises.rename(tempPath, this.pathOf(name));
    return name;
  }

  /** Writes content directly (seeding). */
  writeSync(content: string | Uint8Array): { name: string; size: number } {
    const name = randomToken(32);
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    fs.writeFileSync(this.pathOf(name), bytes);
    return { name, size: bytes.byteLength };
  }

  pathOf(name: string): string {
    if (!STORED_NAME.test(name)) throw new Error(`Invalid stored subtitle name: ${JSON.stringify(name)}`);
    return path.join(this.dir, name);
  }

  read(name: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(name));
  }

  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((n) => fs.promises.rm(this.pathOf(n), { force: true })));
  }

  async discard(tempPath: string): Promise<void> {
    await fs.promises.rm(tempPath, { force: true });
  }
}
