import { describe, expect, it } from 'vitest';
import { chapterLines, checkChaptersVtt, parseChapterLines } from './chapters';

const MIN = 60_000;

describe('parseChapterLines', () => {
  it('reads description lines, each chapter until the next and the last until the end', () => {
    const read = parseChapterLines('00:00 Intro\n\n1:30 - The middle\n1:02:03 Late\n', 2 * 3600_000);
    expect(read).toEqual({
      ok: true,
      chapters: [
        { start: 0, end: 90_000, title: 'Intro' },
        { start: 90_000, end: 3723_000, title: 'The middle' },
        { start: 3723_000, end: 7200_000, title: 'Late' },
      ],
      vtt: 'WEBVTT\n\n00:00:00.000 --> 00:01:30.000\nIntro\n\n00:01:30.000 --> 01:02:03.000\nThe middle\n\n01:02:03.000 --> 02:00:00.000\nLate\n',
    });
  });

  it.each([
    ['00:00 Intro\nhello', 10 * MIN, 'Line 2: "hello" is not a chapter (a time, then its title, as 00:00 Intro)'],
    ['00:00 Intro\n00:61 Bad', 10 * MIN, 'Line 2: "00:61 Bad" is not a chapter (a time, then its title, as 00:00 Intro)'],
    ['00:00 Intro\n\n02:00   ', 10 * MIN, 'Line 3: the chapter at 2:00 has no title'],
    ['00:00 Intro\n05:00 B\n03:00 C', 10 * MIN, 'Line 3: 3:00 is not after the chapter before it (5:00): chapters go in order'],
    ['00:00 Intro\n00:00 Again', 10 * MIN, 'Line 2: 0:00 is not after the chapter before it (0:00): chapters go in order'],
    ['00:00 Intro\n10:00 After', 10 * MIN, 'Line 2: 10:00 is not before the end of the video (10:00)'],
    ['00:00 A --> B', 10 * MIN, 'Line 1: the chapter at 0:00 has "-->" in its title'],
    ['\n\n', 10 * MIN, 'No chapters: write one a line, a time then its title, as 00:00 Intro'],
  ])('refuses %j naming the line', (text, duration, problem) => {
    expect(parseChapterLines(text, duration)).toEqual({ ok: false, problem });
  });
});

describe('checkChaptersVtt', () => {
  const vtt = (body: string) => `WEBVTT\n\n${body}`;

  it('keeps a valid track as written', () => {
    const text = vtt('00:00.000 --> 01:00.000\nIntro\n\nch2\n01:00.000 --> 02:00.000\nPart two\n');
    expect(checkChaptersVtt(text, 3 * MIN)).toEqual({
      ok: true,
      chapters: [
        { start: 0, end: MIN, title: 'Intro' },
        { start: MIN, end: 2 * MIN, title: 'Part two' },
      ],
      vtt: text,
    });
  });

  it.each([
    [
      vtt('00:00.000 --> 01:00.000\nIntro\n\n00:30.000 --> 02:00.000\nTwo\n'),
      'Line 6: the chapter 00:30.000 --> 02:00.000 overlaps the chapter before it (00:00.000 --> 01:00.000)',
    ],
    [
      vtt('01:00.000 --> 02:00.000\nTwo\n\n00:00.000 --> 00:30.000\nOne\n'),
      'Line 6: the chapter 00:00.000 --> 00:30.000 comes before the chapter before it: chapters go in order (01:00.000 --> 02:00.000)',
    ],
    [vtt('00:00.000 --> 01:00.000\n   \n'), 'Line 3: the chapter 00:00.000 --> 01:00.000 has no title'],
    ['WEBVTT\n\nNOTE no cues\n', 'No chapters: a chapters track has one cue per chapter, its title as its text'],
    [
      vtt('00:00.000 --> 01:00.000\nIntro\n\nid\n01:00.000 --> 00:50.000\nBack\n'),
      'Line 7: the chapter 01:00.000 --> 00:50.000 ends before it starts',
    ],
    [vtt('00:00.000 --> 01:00.000\nTwo\nlines\n'), 'Line 3: the chapter 00:00.000 --> 01:00.000 has a title of more than one line'],
    [vtt('00:00.000 --> 04:00.000\nLong\n'), 'Line 3: the chapter 00:00.000 --> 04:00.000 ends after the video (3:00)'],
    ['00:00.000 --> 01:00.000\nIntro\n', 'Line 1: a WebVTT file starts with the line WEBVTT'],
  ])('refuses a faulty track naming the line (%#)', (text, problem) => {
    expect(checkChaptersVtt(text, 3 * MIN)).toEqual({ ok: false, problem });
  });
});

describe('chapterLines', () => {
  it('writes chapters as the lines parseChapterLines reads back', () => {
    const chapters = [
      { start: 0, title: 'Intro' },
      { start: 90, title: 'Demo' },
      { start: 3723, title: 'Late' },
    ];
    expect(chapterLines(chapters)).toBe('0:00 Intro\n1:30 Demo\n1:02:03 Late\n');
    const read = parseChapterLines(chapterLines(chapters), 4000_000);
    expect(read.ok && read.chapters.map((c) => [c.start / 1000, c.title])).toEqual(chapters.map((c) => [c.start, c.title]));
  });
});
