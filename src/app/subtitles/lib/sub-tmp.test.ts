import { describe, expect, it } from 'vitest';
import { makeSubTmp, type RandomFill } from './sub-tmp';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

describe('makeSubTmp', () => {
  it('is 16 alphanumeric characters, an underscore and the original name', () => {
    expect(makeSubTmp('name.srt')).toMatch(/^[A-Za-z0-9]{16}_name\.srt$/);
    expect(makeSubTmp('my film (1).en.vtt')).toMatch(/^[A-Za-z0-9]{16}_my film \(1\)\.en\.vtt$/);
  });

  it('differs from call to call', () => {
    const seen = new Set(Array.from({ length: 200 }, () => makeSubTmp('a.srt')));
    expect(seen.size).toBe(200);
  });

  it('skips bytes from 248 up instead of folding them (no modulo bias)', () => {
    const high: RandomFill = (array) => {
      array.fill(255);
      array[4] = 0;
      array.fill(61, 5);
      return array;
    };
    expect(makeSubTmp('x.srt', high)).toBe(`A${'9'.repeat(15)}_x.srt`);
  });

  it('maps the 248 accepted byte values onto the 62 characters exactly 4 times each', () => {
    const counts = new Map<string, number>();
    for (let value = 0; value < 256; value++) {
      // The first byte is the value under test; the rest are a valid filler ('9').
      const first = makeSubTmp('', (array) => {
        array.fill(61);
        array[0] = value;
        return array;
      })[0]!;
      if (value < 248) counts.set(first, (counts.get(first) ?? 0) + 1);
      else expect(first).toBe('9');
    }
    expect(counts.size).toBe(62);
    expect(new Set(counts.values())).toEqual(new Set([4]));
  });

  it('looks uniform with the real crypto source (loose chi-square sanity)', () => {
    const counts = new Map<string, number>(ALPHABET.split('').map((ch) => [ch, 0]));
    const calls = 4000;
    for (let i = 0; i < calls; i++) for (const ch of makeSubTmp('', undefined).slice(0, 16)) counts.set(ch, counts.get(ch)! + 1);
    const expected = (calls * 16) / 62;
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 61 degrees of freedom: the 99.99th percentile is about 115.
    expect(chi).toBeLessThan(130);
  });

  it('throws instead of spinning forever on a broken source', () => {
    expect(() => makeSubTmp('x.srt', (array) => array.fill(250))).toThrow(/no usable bytes/);
  });
});
