import { describe, expect, it } from 'vitest';
import { parseSub } from './parse-sub';

describe('parseSub: MicroDVD', () => {
  it('converts frames at 25 fps, | to line breaks, italics ({y:i}, a leading "/") to <i>', () => {
    const { cues, problems, variant } = parseSub('{25}{50}Hello|{y:i}world\n{75}{100}/Italic line\n');
    expect(variant).toBe('microdvd');
    expect(problems).toEqual([]);
    expect(cues).toEqual([
      { start: 1000, end: 2000, text: 'Hello\n<i>world</i>', line: 1 },
      { start: 3000, end: 4000, text: '<i>Italic line</i>', line: 2 },
    ]);
  });

  it('uses the frame rate declared by the first line', () => {
    const { cues } = parseSub('{1}{1}23.976\n{24}{48}One second\n');
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ start: 1001, end: 2002, line: 2 });
  });

  it('reports a malformed line and an end before start', () => {
    const { cues, problems } = parseSub('{25}{50}A\nhello\n{100}{75}B\n');
    expect(cues).toHaveLength(2);
    expect(problems).toEqual([
      { line: 2, message: 'Line 2: expected a line like "{25}{50}Hello", found "hello"' },
      { line: 3, message: 'Line 3: the cue ends before it starts' },
    ]);
  });
});

describe('parseSub: SubViewer 2.0', () => {
  it('skips the header and reads time blocks with [br]', () => {
    const text =
      '[INFORMATION]\n[TITLE]Film\n[END INFORMATION]\n[SUBTITLE]\n\n00:00:01.00,00:00:02.50\nHello[br]world\n\n00:00:03.00,00:00:04.00\nB\n';
    const { cues, problems, variant } = parseSub(text);
    expect(variant).toBe('subviewer');
    expect(problems).toEqual([]);
    expect(cues).toEqual([
      { start: 1000, end: 2500, text: 'Hello\nworld', line: 6 },
      { start: 3000, end: 4000, text: 'B', line: 9 },
    ]);
  });

  it('reports a block without a time line', () => {
    const { problems } = parseSub('00:00:01.00,00:00:02.00\nA\n\noops\nB\n');
    expect(problems).toEqual([{ line: 4, message: 'Line 4: expected a time line like "00:00:01.00,00:00:02.00", found "oops"' }]);
  });
});

it('parseSub recognises neither in prose', () => {
  const { cues, variant, problems } = parseSub('\nJust some text.\n');
  expect(variant).toBeNull();
  expect(cues).toEqual([]);
  expect(problems[0]?.line).toBe(2);
});
