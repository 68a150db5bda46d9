import { describe, expect, it } from 'vitest';
import { parseAss } from './parse-ass';

const ASS = `[Script Info]
Title: Test
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize
Style: Default,Arial,20

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,{\\an8}{\\i1}Hello{\\i0}, world\\Nsecond line
Comment: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,not shown
Dialogue: 0,1:00:00.5,1:00:01.00,Default,,0,0,0,,Hour
`;

describe('parseAss', () => {
  it('reads Dialogue lines by the Format columns, keeps italics and bold, strips other overrides, turns \\N into a line break', () => {
    const { cues, problems } = parseAss(ASS);
    expect(problems).toEqual([]);
    expect(cues).toEqual([
      { start: 1000, end: 2500, text: '<i>Hello</i>, world\nsecond line', line: 11 },
      { start: 3_600_500, end: 3_601_000, text: 'Hour', line: 13 },
    ]);
  });

  it('lists dialogue in start order, escapes text, drops drawings, closes open tags', () => {
    const ass = `[Script Info]\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,{\\b1}Later & <louder>
Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}Sooner\\hnow\\n--> next
`;
    expect(parseAss(ass).cues.map((c) => c.text)).toEqual(['Sooner\u00A0now\n--&gt; next', '<b>Later &amp; &lt;louder&gt;</b>']);
  });

  it('follows a reordered Format (SSA style with Marked)', () => {
    const ssa =
      '[Script Info]\n\n[Events]\nFormat: Marked, End, Start, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: Marked=0,0:00:05.00,0:00:04.00,Default,,0,0,0,,Hi\n';
    expect(parseAss(ssa).cues).toEqual([{ start: 4000, end: 5000, text: 'Hi', line: 5 }]);
  });

  it('reports the line of a bad time, an end before start, a missing Format and a missing [Script Info]', () => {
    const text = '[Events]\nDialogue: 0,0:00:0x.00,0:00:02.00,Default,,0,0,0,,A\nDialogue: 0,0:00:03.00,0:00:02.00,Default,,0,0,0,,B\n';
    const { cues, problems } = parseAss(text);
    expect(cues).toHaveLength(1);
    expect(problems.map((problem) => problem.line)).toEqual([1, 2, 2, 3]);
    expect(problems[0]!.message).toBe('Line 1: expected "[Script Info]" as the first line of an ASS/SSA file, found "[Events]"');
    expect(problems[2]!.message).toBe('Line 2: expected a time like "0:00:01.00", found "0:00:0x.00"');
    expect(problems[3]!.message).toBe('Line 3: the cue ends before it starts');
  });
});
