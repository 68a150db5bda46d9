import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cueTextProblem, editCue, formatVttTime, parseVttDocument, serializeVttDocument, vttCueList, vttCues } from './vtt-document';

/** mozilla/vtt.js's WebVTT test files (fixtures/vttjs/README.md): written by another project, kept byte for byte. */
const CORPUS = path.join(import.meta.dirname, 'fixtures', 'vttjs');
const EXPECTED: Record<string, string> = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expected-cues.json'), 'utf8'));
const FILES = fs
  .readdirSync(CORPUS, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.vtt'))
  .sort();
const read = (name: string) => new TextDecoder().decode(fs.readFileSync(path.join(CORPUS, name)));

/**
 * Where vtt.js (written against an older draft) and the WebVTT parsing algorithm of the W3C
 * recommendation disagree, this module follows the algorithm: a timestamp whose first field has three
 * digits is hours and needs seconds; a cue may follow the WEBVTT line without a blank line; a line
 * with a bad arrow ends its block, and the timing line under it starts a cue.
 */
const ALGORITHM_NOT_VTTJS: Record<string, (expected: ExpectedCue[]) => ExpectedCue[]> = {
  'cue-times/min-top-digits.vtt': () => [],
  'cue-times/minimum-spots-over-sixty.vtt': () => [],
  'file-layout/header-no-new-line.vtt': () => [{ id: '', startTime: 11, endTime: 13, text: 'Test' }],
  'integration/id.vtt': (expected) => [...expected.slice(0, 3), { id: '', startTime: 4, endTime: 5, text: 'Test' }, ...expected.slice(3)],
};

interface ExpectedCue {
  id: string;
  startTime: number;
  endTime: number;
  text: string;
}

describe('WebVTT documents: the files of another project, round trip and edits', () => {
  it('has the corpus', () => {
    expect(FILES.length).toBeGreaterThan(250);
  });

  it.each(FILES)('%s is written back byte for byte', (name) => {
    const text = read(name);
    expect(serializeVttDocument(parseVttDocument(text))).toBe(text);
  });

  it.each(FILES.filter((name) => vttCues(parseVttDocument(read(name))).length > 0))('%s: editing one cue changes that cue only', (name) => {
    const doc = parseVttDocument(read(name));
    const cues = vttCues(doc);
    const index = cues.length > 1 ? 1 : 0;
    const edited = editCue(doc, index, { text: 'Edited <i>line</i>\nSecond', start: cues[index]!.start + 250 });
    const again = vttCues(parseVttDocument(serializeVttDocument(edited)));
    expect(again.length).toBe(cues.length);
    again.forEach((cue, i) => {
      if (i === index) {
        expect(cue).toMatchObject({
          text: 'Edited <i>line</i>\nSecond',
          start: cues[index]!.start + 250,
          end: cues[index]!.end,
          id: cues[index]!.id,
          settings: cues[index]!.settings,
        });
      } else expect(cue).toEqual(cues[i]);
    });
    const before = doc.parts.filter((part) => part.kind !== 'cue');
    const after = parseVttDocument(serializeVttDocument(edited)).parts.filter((part) => part.kind !== 'cue');
    expect(after).toEqual(before);
  });

  it.each(Object.entries(EXPECTED))('%s: the cues vtt.js expects (%s)', (name, expectedFile) => {
    const byVttJs = (JSON.parse(fs.readFileSync(path.join(CORPUS, expectedFile), 'utf8')) as { cues?: ExpectedCue[] }).cues ?? [];
    const expected = ALGORITHM_NOT_VTTJS[name]?.(byVttJs) ?? byVttJs;
    const cues = vttCues(parseVttDocument(read(name)));
    expect(cues.map((cue) => ({ id: cue.id, startTime: cue.start / 1000, endTime: cue.end / 1000, text: cue.text }))).toEqual(
      expected.map(({ id, startTime, endTime, text }) => ({ id, startTime, endTime, text })),
    );
  });
});

describe('WebVTT documents: edits', () => {
  const TEXT =
    'WEBVTT\r\n\r\nNOTE kept\r\n\r\nintro\r\n00:01.000 --> 00:02.500 align:start line:0\r\nHello\r\n\r\n1:00:00.000 --> 1:00:01.000\r\nLate';

  it('keeps the identifier, the settings, CRLF and the missing last newline', () => {
    const doc = parseVttDocument(TEXT);
    expect(vttCues(doc).map((cue) => [cue.id, cue.start, cue.end, cue.settings, cue.text])).toEqual([
      ['intro', 1000, 2500, ' align:start line:0', 'Hello'],
      ['', 3_600_000, 3_601_000, '', 'Late'],
    ]);
    expect(serializeVttDocument(editCue(doc, 0, { text: 'Hi\nthere' }))).toBe(TEXT.replace('Hello\r\n', 'Hi\r\nthere\r\n'));
    expect(serializeVttDocument(editCue(doc, 1, { text: 'Later', end: 3_602_000 }))).toBe(
      TEXT.replace('1:00:01.000\r\nLate', '01:00:02.000\r\nLater'),
    );
    expect(serializeVttDocument(editCue(doc, 0, { start: 500 }))).toBe(TEXT.replace('00:01.000 -->', '00:00.500 -->'));
  });

  it('an edit shares every part it does not change: the other cues and blocks are the same objects, and the text round-trips', () => {
    const cue = (i: number) =>
      `${i % 10 === 0 ? `c${i}\n` : ''}00:${String(i).padStart(2, '0')}.000 --> 00:${String(i).padStart(2, '0')}.500\nCue ${i}`;
    const text = `WEBVTT\n\nNOTE a block\n\n${Array.from({ length: 60 }, (_, i) => cue(i)).join('\n\n')}\n`;
    const doc = parseVttDocument(text);
    // Typing in cue 42, key by key: each document made from the one before, as the editor makes them.
    let typed = doc;
    for (const key of ' typed') typed = editCue(typed, 42, { text: vttCues(typed)[42]!.text + key });
    expect(serializeVttDocument(typed)).toBe(text.replace('Cue 42\n', 'Cue 42 typed\n'));
    const [before, after] = [vttCueList(doc), vttCueList(typed)];
    for (let i = 0; i < 60; i++) if (i !== 42) expect(after.at(i)).toBe(before.at(i));
    expect(after.at(42)!.text).toBe('Cue 42 typed');
    typed.parts.forEach((part, at) => {
      if (part.kind !== 'cue' || part.text !== 'Cue 42 typed') expect(part).toBe(doc.parts[at]);
    });
    // The document typed in is left as it was read.
    expect(serializeVttDocument(doc)).toBe(text);
    expect(vttCues(parseVttDocument(serializeVttDocument(typed)))).toEqual(vttCues(typed));
  });

  it('a cue that had no text gets some, and the reverse', () => {
    const doc = parseVttDocument('WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000\nBye\n');
    const filled = serializeVttDocument(editCue(doc, 0, { text: 'Now' }));
    expect(filled).toBe('WEBVTT\n\n00:01.000 --> 00:02.000\nNow\n\n00:03.000 --> 00:04.000\nBye\n');
    expect(serializeVttDocument(editCue(parseVttDocument(filled), 1, { text: '' }))).toBe(
      'WEBVTT\n\n00:01.000 --> 00:02.000\nNow\n\n00:03.000 --> 00:04.000\n',
    );
  });

  it('refuses a text that would end the cue early, and says why', () => {
    const doc = parseVttDocument(TEXT);
    expect(cueTextProblem('a\n\nb')).toBe('blank line');
    expect(cueTextProblem('a --> b')).toBe('arrow');
    expect(cueTextProblem('fine\n  indented')).toBe(null);
    expect(() => editCue(doc, 0, { text: 'a\n\nb' })).toThrow(RangeError);
  });

  it('writes times as WebVTT does', () => {
    expect(formatVttTime(61_005, false)).toBe('01:01.005');
    expect(formatVttTime(61_005, true)).toBe('00:01:01.005');
    expect(formatVttTime(3_723_004, false)).toBe('01:02:03.004');
  });

  it('a file that is not WebVTT is kept whole, with no cues', () => {
    const doc = parseVttDocument('1\n00:00:01,000 --> 00:00:02,000\nSRT\n');
    expect(doc.valid).toBe(false);
    expect(vttCues(doc)).toEqual([]);
    expect(serializeVttDocument(doc)).toBe('1\n00:00:01,000 --> 00:00:02,000\nSRT\n');
  });
});
