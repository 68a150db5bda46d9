import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { RenditionPool, SMALL_TASK_BYTES } from '../src/subtitles/rendition-pool';
import { makeRendition } from '../src/subtitles/subtitle-content';
import { SRT } from './helpers';

/** The conversion worker pool: what it moves instead of copying, and the priority its threads run at. */
describe('the rendition pool', () => {
  const pool = new RenditionPool(1);
  afterAll(() => pool.close());
  const expected = makeRendition(new TextEncoder().encode(SRT), 'a.srt');

  it('handOver moves bytes that fill their memory to the worker (left empty here) and converts them', async () => {
    const bytes = new TextEncoder().encode(SRT);
    const made = await pool.make(bytes, 'a.srt', undefined, undefined, { handOver: true });
    expect(made).toEqual(expected);
    expect(bytes.byteLength).toBe(0);
  });

  it('without handOver, or for a view into shared memory, the caller keeps its bytes', async () => {
    const own = new TextEncoder().encode(SRT);
    expect(await pool.make(own, 'a.srt')).toEqual(expected);
    expect(new TextDecoder().decode(own)).toBe(SRT);
    // Node's small Buffers are slices of one shared pool: moving its memory would empty the others.
    const slice = Buffer.from(SRT);
    expect(slice.byteLength).toBeLessThan(slice.buffer.byteLength);
    expect(await pool.make(slice, 'a.srt', undefined, undefined, { handOver: true })).toEqual(expected);
    expect(slice.toString()).toBe(SRT);
  });

  it('a small task does not wait behind a big one: it has a worker of its own', async () => {
    const big = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'<a\n'.repeat(SMALL_TASK_BYTES)}\n`;
    // Both workers up first: a small task beside a big one takes the small tasks' worker.
    await Promise.all([pool.savable(big), pool.make(new TextEncoder().encode(SRT), 'a.srt')]);
    const done: string[] = [];
    const bigSave = pool.savable(big).then(() => done.push('big'));
    const secondBig = pool.savable(big).then(() => done.push('second big'));
    const small = pool.make(new TextEncoder().encode(SRT), 'a.srt').then(() => done.push('small'));
    await Promise.all([bigSave, secondBig, small]);
    expect(done).toEqual(['small', 'big', 'second big']);
  });

  const niceOf = (task: string | number): number => {
    const stat = fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  };
  it.runIf(process.platform === 'linux' && niceOf(process.pid) < 10)(
    'its worker thread steps back to nice 10 (Linux), the main thread keeps its own',
    async () => {
      const before = niceOf(process.pid);
      expect(await pool.make(new TextEncoder().encode(SRT), 'a.srt')).toEqual(expected);
      expect(fs.readdirSync('/proc/self/task').map(niceOf)).toContain(10);
      expect(niceOf(process.pid)).toBe(before);
    },
  );
});
