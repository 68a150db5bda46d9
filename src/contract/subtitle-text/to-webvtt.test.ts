import { describe, expect, it } from 'vitest';
import { srtTextToVtt } from './cue-markup';
import { toWebVtt, vttTimestamp } from './to-webvtt';

describe('toWebVtt', () => {
  it('writes every cue with full timestamps, keeps settings, escapes what would break the file', () => {
    const vtt = toWebVtt([
      { start: 1000, end: 2500, text: '<i>Hello</i>', line: 3 },
      { start: 3_723_004, end: 3_724_000, text: 'a --> b\n\nNUL\0here', line: 7, settings: 'align:start' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n<i>Hello</i>\n\n01:02:03.004 --> 01:02:04.000 align:start\na --&gt; b\nNUL\uFFFDhere\n',
    );
  });

  it('writes hours past 99', () => {
    expect(vttTimestamp(100 * 3_600_000 + 1)).toBe('100:00:00.001');
  });

  it('writes the same second again with other milliseconds, rounds to the millisecond, starts at zero', () => {
    expect([7_265_004, 7_265_999, 7_265_999.6, 59_999.5, -20].map(vttTimestamp)).toEqual([
      '02:01:05.004',
      '02:01:05.999',
      '02:01:06.000',
      '00:01:00.000',
      '00:00:00.000',
    ]);
  });
});

describe('srtTextToVtt', () => {
  it('keeps <i>, <b>, <u>; drops <font> and {\\an8}; escapes a lone "<" and "&"', () => {
    expect(srtTextToVtt('{\\an8}<I>Hi</I> <font color="red">red</font> & a < b &amp; <b>B</b>')).toBe(
      '<i>Hi</i> red &amp; a &lt; b &amp; <b>B</b>',
    );
  });
});
