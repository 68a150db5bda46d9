import { describe, expect, it } from 'vitest';
import { lineTable, splitLines } from './types';

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
    const { count, starts, ends } = lineTable(text);
    expect(count).toBe(5001);
    expect([starts[1], ends[1], starts[5000], ends[5000]]).toEqual([3, 4, 15_000, 15_003]);
  });
});
