import { describe, expect, it } from 'vitest';
import { parseVtt } from './parse-vtt';

const VALID = `WEBVTT - a title
Kind: captions

NOTE this is
a comment

STYLE
::cue { color: yellow }

intro
00:01.000 --> 00:02.500 align:start position:10%
Hello

00:00:03.000 --> 00:00:04.000
<v Bob>Two
lines

01:00:00.000 --> 01:00:01.000
Hour
`;

describe('parseVtt', () => {
  it('skips header, NOTE and STYLE; reads ids, settings, optional hours', () => {
    const { cues, problems } = parseVtt(VALID);
    expect(problems).toEqual([]);
    expect(cues).toEqual([
      { start: 1000, end: 2500, text: 'Hello', line: 11, settings: 'align:start position:10%' },
      { start: 3000, end: 4000, text: '<v Bob>Two\nlines', line: 14 },
      { start: 3_600_000, end: 3_601_000, text: 'Hour', line: 18 },
    ]);
  });

  it('plays what browsers play, with a warning: a one-digit hour, no space before the settings', () => {
    const { cues, problems } = parseVtt('WEBVTT\n\n1:00:00.000 --> 1:00:01.000\nA\n\n00:02.000 --> 00:03.000align:start\nB\n');
    expect(cues).toEqual([
      { start: 3_600_000, end: 3_601_000, text: 'A', line: 3 },
      { start: 2000, end: 3000, text: 'B', line: 6, settings: 'align:start' },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      'Line 3: expected two digits for the hours, found "1:00:00.000 --> 1:00:01.000"; browsers play it, stricter tools may not',
      'Line 6: expected a space before the cue settings, found "00:02.000 --> 00:03.000align:start"; browsers play it, stricter tools may not',
    ]);
  });

  it('skips a cue whose minutes or milliseconds browsers cannot read', () => {
    const { cues, problems } = parseVtt('WEBVTT\n\n00:1.000 --> 00:02.000\nA\n\n00:01.00 --> 00:02.000\nB\n');
    expect(cues).toEqual([]);
    expect(problems.map((p) => p.line)).toEqual([3, 6]);
  });

  it('requires WEBVTT on line 1 but still counts the cues', () => {
    const { cues, problems } = parseVtt('00:01.000 --> 00:02.000\nHi\n');
    expect(cues).toHaveLength(1);
    expect(problems).toEqual([{ line: 1, message: 'Line 1: a WebVTT file must start with "WEBVTT"' }]);
    expect(parseVtt('WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n').problems[0]?.line).toBe(1);
  });

  it('drops a cue with an SRT comma, as browsers do, and says why', () => {
    const { cues, problems } = parseVtt('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nA\n\n00:03.000 --> 00:04.000\nB\n');
    expect(cues.map((cue) => cue.text)).toEqual(['B']);
    expect(problems[0]).toEqual({
      line: 3,
      message: 'Line 3: expected a "." before the milliseconds (WebVTT style), found "00:00:01,000"; browsers skip this cue',
    });
  });

  it('reports an id without timing, an end before the start, and a late STYLE block', () => {
    const { problems } = parseVtt('WEBVTT\n\n00:05.000 --> 00:04.000\nA\n\nid\nhello\n\nSTYLE\n::cue {}\n');
    expect(problems.map((problem) => problem.message)).toEqual([
      'Line 3: the cue ends before it starts',
      'Line 7: expected a time line like "00:00:01.000 --> 00:00:02.000", found "hello"',
      'Line 9: STYLE blocks must come before the first cue; browsers ignore this one',
    ]);
  });
});

describe('parseVtt sanitises what the rendition serves', () => {
  it('keeps WebVTT tags, drops every other tag and escapes a bare "<" or "&"', () => {
    const { cues } = parseVtt(
      [
        'WEBVTT',
        '',
        '00:00:01.000 --> 00:00:02.000 align:start <script>alert(1)</script> line:0',
        '<script>alert(1)</script><v.loud Bob>Hi</v> <img src=x onerror=alert(1)>there',
        '<c.yellow.big>a</c> <i>b</i> <00:00:01.500>c <ruby>漢<rt>kan</rt></ruby> <lang en-GB>d</lang> <font color="red">e</font>',
        'a < b & c &amp; d',
      ].join('\n'),
    );
    expect(cues[0]!.text).toBe(
      [
        'alert(1)<v.loud Bob>Hi</v> there',
        '<c.yellow.big>a</c> <i>b</i> <00:00:01.500>c <ruby>漢<rt>kan</rt></ruby> <lang en-GB>d</lang> e',
        'a &lt; b &amp; c &amp; d',
      ].join('\n'),
    );
    expect(cues[0]!.settings).toBe('align:start line:0');
  });
});
