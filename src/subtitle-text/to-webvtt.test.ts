import { describe, expect, it } from 'vitest';
import { srtTextToVtt } from './cue-markup';
import { toWebVtt, toWebVttBytes, vttTimestamp } from './to-webvtt';

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

describe('toWebVttBytes', () => {
  it('writes the UTF-8 that TextEncoder writes: letters of every plane, a lone surrogate as U+FFFD', () => {
    const cues = [
      { start: 0, end: 1000, text: 'Привет, 世界 😀 é', line: 1 },
      { start: 1000, end: 2000, text: 'lone \uD83D and \uDE00 halves', line: 2, settings: 'region:été' },
    ];
    const bytes = toWebVttBytes(cues);
    expect(Buffer.from(bytes)).toEqual(
      Buffer.from(
        'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nПривет, 世界 😀 é\n\n00:00:01.000 --> 00:00:02.000 region:été\nlone \uFFFD and \uFFFD halves\n',
      ),
    );
  });

  it('makes room for what outgrows its first estimate: hours past 99, long settings, escaped arrows', () => {
    const text = Array.from({ length: 2000 }, () => 'a-->b').join(' ');
    const vtt = new TextDecoder().decode(toWebVttBytes([{ start: 1e12, end: 1e12 + 1, text, line: 1, settings: 'x'.repeat(5000) }]));
    expect(vtt).toBe(`WEBVTT\n\n277777:46:40.000 --> 277777:46:40.001 ${'x'.repeat(5000)}\n${text.replace(/-->/g, '--&gt;')}\n`);
  });
});

describe('srtTextToVtt', () => {
  it('keeps <i>, <b>, <u>; drops <font> and {\\an8}; escapes a lone "<" and "&"', () => {
    expect(srtTextToVtt('{\\an8}<I>Hi</I> <font color="red">red</font> & a < b &amp; <b>B</b>')).toBe(
      '<i>Hi</i> red &amp; a &lt; b &amp; <b>B</b>',
    );
  });
});
