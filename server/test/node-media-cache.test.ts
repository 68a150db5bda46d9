import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { NodeMediaCache } from '../src/media/node-media-cache';

const object = (bytes: number) => ({ size: bytes, etag: '"e"', lastModified: undefined });

/** Reads what `keep` hands on to its end, and waits until the copy is kept or dropped. */
async function readThrough(cache: NodeMediaCache, key: string, body: Buffer, size = body.length): Promise<Buffer> {
  let done!: () => void;
  const settled = new Promise<void>((resolve) => (done = resolve));
  const out = Buffer.concat(await cache.keep(key, Readable.from([body]), object(size), () => done()).toArray());
  await settled;
  expect(fs.readdirSync(path.join(cache.dir, '.incoming'))).toEqual([]);
  return out;
}

describe("a node's copies of the bucket's objects", () => {
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'vp-cache-'));

  it('starts empty, whatever an earlier process left', () => {
    const dir = folder();
    fs.mkdirSync(path.join(dir, 'files/1-a'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files/1-a/old.ts'), 'stale');
    const cache = new NodeMediaCache(dir, 1000);
    expect(cache.has('files/1-a/old.ts')).toBe(false);
    expect(fs.existsSync(path.join(dir, 'files'))).toBe(false);
  });

  it('hands every byte on and keeps them; a read whose length is short of the object keeps nothing', async () => {
    const cache = new NodeMediaCache(folder(), 1000);
    expect(await readThrough(cache, 'files/1-a/s1.ts', Buffer.from('0123456789'))).toEqual(Buffer.from('0123456789'));
    expect(fs.readFileSync(path.join(cache.dir, 'files/1-a/s1.ts'), 'utf8')).toBe('0123456789');
    expect(cache.get('files/1-a/s1.ts')).toMatchObject({ size: 10, etag: '"e"' });
    await readThrough(cache, 'files/1-a/s2.ts', Buffer.from('01234'), 10);
    expect(cache.has('files/1-a/s2.ts')).toBe(false);
    expect(cache.bytes).toBe(10);
  });

  it('stays within its bytes: the copies read least recently go first', async () => {
    const cache = new NodeMediaCache(folder(), 100);
    for (const name of ['a', 'b']) await readThrough(cache, `files/1-a/${name}.ts`, Buffer.alloc(40));
    cache.get('files/1-a/a.ts'); // read again: b is now the oldest
    await readThrough(cache, 'files/1-a/c.ts', Buffer.alloc(40));
    expect(['a', 'b', 'c'].map((n) => cache.has(`files/1-a/${n}.ts`))).toEqual([true, false, true]);
    expect(cache.bytes).toBe(80);
    await expect.poll(() => fs.existsSync(path.join(cache.dir, 'files/1-a/b.ts')), { interval: 5 }).toBe(false);
    await readThrough(cache, 'files/1-a/big.ts', Buffer.alloc(101)); // larger than the whole cache: passed on, not kept
    expect(cache.has('files/1-a/big.ts')).toBe(false);
  });

  it("drops one file's copies and no other's", async () => {
    const cache = new NodeMediaCache(folder(), 1000);
    for (const key of ['files/7-x/a.ts', 'files/7-x/720p/b.ts', 'files/70-y/a.ts', 'files/demo-z/a.ts'])
      await readThrough(cache, key, Buffer.alloc(10));
    cache.forgetFile(7);
    expect(['files/7-x/a.ts', 'files/7-x/720p/b.ts', 'files/70-y/a.ts', 'files/demo-z/a.ts'].map((k) => cache.has(k))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(cache.bytes).toBe(20);
  });
});
