import { describe, expect, it } from 'vitest';
import { parseSrt } from './parse-srt';

const VALID = `1
00:00:01,000 --> 00:00:02,500
Hello

2
00:00:03,000 --> 00:00:04,000 X1:10 X2:20 Y1:5 Y2:9
<i>Two</i>
lines

3
01:02:03,004 --> 01:02:05,000
Last
`;

describe('parseSrt', () => {
  it('reads cues, times in ms, multi-line text, and ignores coordinates', () => {
    const { cues, problems } = parseSrt(VALID);
    expect(problems).toEqual([]);
    expect(cues).toEqual([
      { start: 1000, end: 2500, text: 'Hello', line: 2 },
      { start: 3000, end: 4000, text: '<i>Two</i>\nlines', line: 6 },
      { start: 3_723_004, end: 3_725_000, text: 'Last', line: 11 },
    ]);
  });

  it('accepts CRLF, a BOM that reached it, and missing cue numbers', () => {
    const { cues, problems } = parseSrt('\uFEFF00:00:01,000 --> 00:00:02,000\r\nA\r\n\r\n00:00:03,000 --> 00:00:04,000\r\nB\r\n');
    expect(problems).toEqual([]);
    expect(cues.map((cue) => cue.text)).toEqual(['A', 'B']);
  });

  it('points at a block without a time line and keeps reading', () => {
    const { cues, problems } = parseSrt('1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\nhello\nworld\n\n3\n00:00:05,000 --> 00:00:06,000\nC\n');
    expect(cues).toHaveLength(2);
    expect(problems).toEqual([{ line: 6, message: 'Line 6: expected a time line like "00:00:01,000 --> 00:00:02,000", found "hello"' }]);
  });

  it('reports unreadable times, ends before starts, and a "." separator once', () => {
    const { cues, problems } = parseSrt(
      '1\n00:00:01.000 --> 00:00:02.000\nA\n\n2\n00:00:09,000 --> 00:00:08,000\nB\n\n3\n00:61:00,000 --> 00:62:00,000\nC\n\n4\n00:00:10.000 --> 00:00:11.000\nD\n',
    );
    expect(cues.map((cue) => cue.text)).toEqual(['A', 'B', 'D']);
    expect(problems.map((problem) => problem.line)).toEqual([2, 6, 10]);
    expect(problems[0]!.message).toMatch(/^Line 2: expected a "," before the milliseconds/);
    expect(problems[1]!.message).toBe('Line 6: the cue ends before it starts');
    expect(problems[2]!.message).toMatch(/^Line 10: expected a time line like/);
  });

  it('notices a missing blank line between cues', () => {
    const { cues, problems } = parseSrt('1\n00:00:01,000 --> 00:00:02,000\nA\n2\n00:00:03,000 --> 00:00:04,000\nB\n');
    expect(cues.map((cue) => cue.text)).toEqual(['A', 'B']);
    expect(problems).toEqual([{ line: 4, message: 'Line 4: expected a blank line before the next cue' }]);
  });

  it('keeps at most 20 problems', () => {
    const text = Array.from({ length: 50 }, (_, i) => `${i}\nnot a time\n`).join('\n');
    expect(parseSrt(text).problems).toHaveLength(20);
  });

  it('finds nothing in prose', () => {
    expect(parseSrt('Once upon a time there was a file.\n\nIt was not a subtitle.').cues).toEqual([]);
  });
});
