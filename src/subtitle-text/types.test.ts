import { describe, expect, it } from 'vitest';
import { isJsSpace, lineTable, splitLines } from './types';

describe('splitLines / lineTable', () => {
  it('splits on \\r\\n, a bare \\r (old Mac files) and \\n alike, an empty last line after a final break', () => {
    expect(splitLines('a\r\nb\rc\nd\r\r\ne\n')).toEqual(['a', 'b', 'c', 'd', '', 'e', '']);
    expect(splitLines('')).toEqual(['']);
    expect(splitLines('\r')).toEqual(['', '']);
  });

  it('leaves a leading BOM out of line 1 only', () => {
    expect(splitLines('\uFEFF1\n\uFEFF2')).toEqual(['1', '\uFEFF2']);
  });

  it('gives offsets into the text, for as many lines as the text has', () => {
    const text = `${'x\r\n'.repeat(5000)}end`;
    const { count, bounds } = lineTable(text);
    expect(count).toBe(5001);
    expect([bounds[2], bounds[3], bounds[10_000], bounds[10_001]]).toEqual([3, 4, 15_000, 15_003]);
  });
});

describe('isJsSpace', () => {
  it('is what trim() and \\s remove, for every UTF-16 unit', () => {
    const wrong = [];
    for (let code = 0; code < 0x10000; code++) {
      const ch = String.fromCharCode(code);
      if (isJsSpace(code) !== (ch.trim() === '') || isJsSpace(code) !== /\s/.test(ch)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});
