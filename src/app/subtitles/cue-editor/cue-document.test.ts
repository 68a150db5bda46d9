import { describe, expect, it } from 'vitest';
import { parseVttDocument, serializeVttDocument, vttCues } from '../../../subtitle-text/vtt-document';
import { cueIndexForTime, insertCue, mergeWithNext, removeCue, shiftCues, splitCue } from './cue-document';

const FILE = [
  'WEBVTT Kind: captions',
  '',
  'STYLE',
  '::cue { color: yellow }',
  '',
  'intro',
  '00:00:01.000 --> 00:00:03.000 align:start line:90%',
  '<i>Hello</i> there',
  '',
  'NOTE kept as it is',
  '',
  '00:00:04.000 --> 00:00:06.500',
  'Second line one',
  'second line two',
  '',
  '00:00:07.000 --> 00:00:09.000',
  'Third',
].join('\r\n');

const doc = parseVttDocument(FILE);
const text = (d: ReturnType<typeof parseVttDocument>) => serializeVttDocument(d);

describe('the cue editor’s document edits keep what they do not touch', () => {
  it('inserts a cue between two, in the file’s line endings and time style', () => {
    const edited = insertCue(doc, cueIndexForTime(doc, 3500), { start: 3500, end: 3900, text: 'New' });
    expect(text(edited)).toBe(FILE.replace('\r\n00:00:04.000', '\r\n00:00:03.500 --> 00:00:03.900\r\nNew\r\n\r\n00:00:04.000'));
  });

  it('appends a cue after a last line that had no terminator', () => {
    const edited = insertCue(doc, 3, { start: 10_000, end: 11_000, text: 'Last' });
    expect(text(edited)).toBe(`${FILE}\r\n\r\n00:00:10.000 --> 00:00:11.000\r\nLast\r\n`);
  });

  it('removes a cue with the blank line before it', () => {
    expect(text(removeCue(doc, 1))).toBe(FILE.replace('\r\n\r\n00:00:04.000 --> 00:00:06.500\r\nSecond line one\r\nsecond line two', ''));
    expect(text(removeCue(doc, 0))).toBe(
      FILE.replace('\r\n\r\nintro\r\n00:00:01.000 --> 00:00:03.000 align:start line:90%\r\n<i>Hello</i> there', ''),
    );
  });

  it('splits a cue at the playhead, the text at its middle line break, keeping its settings', () => {
    const cues = vttCues(splitCue(doc, 1, 5000));
    expect(cues.map((cue) => [cue.start, cue.end, cue.text])).toEqual([
      [1000, 3000, '<i>Hello</i> there'],
      [4000, 5000, 'Second line one'],
      [5000, 6500, 'second line two'],
      [7000, 9000, 'Third'],
    ]);
    // A playhead outside the cue splits it in the middle; a one-line text at its middle space.
    expect(
      vttCues(splitCue(doc, 0, 0))
        .slice(0, 2)
        .map((cue) => [cue.start, cue.end, cue.text]),
    ).toEqual([
      [1000, 2000, '<i>Hello</i>'],
      [2000, 3000, 'there'],
    ]);
    expect(text(splitCue(doc, 0, 0))).toContain('intro\r\n00:00:01.000 --> 00:00:02.000 align:start line:90%\r\n<i>Hello</i>\r\n');
  });

  it('merges a cue with the next: texts on new lines, the later end', () => {
    const merged = mergeWithNext(doc, 1);
    expect(vttCues(merged).map((cue) => [cue.start, cue.end, cue.text])).toEqual([
      [1000, 3000, '<i>Hello</i> there'],
      [4000, 9000, 'Second line one\nsecond line two\nThird'],
    ]);
    expect(text(merged).startsWith(FILE.slice(0, FILE.indexOf('00:00:04.000')))).toBe(true);
  });

  it('shifts all cues or the selected ones, never before zero, and writes nothing else differently', () => {
    expect(vttCues(shiftCues(doc, null, -1500)).map((cue) => [cue.start, cue.end])).toEqual([
      [0, 2000],
      [2500, 5000],
      [5500, 7500],
    ]);
    const one = shiftCues(doc, [2], 250);
    expect(text(one)).toBe(FILE.replace('00:00:07.000 --> 00:00:09.000', '00:00:07.250 --> 00:00:09.250'));
  });

  it('puts a new cue after every cue that starts with or before it', () => {
    expect([0, 1000, 4000, 20_000].map((time) => cueIndexForTime(doc, time))).toEqual([0, 1, 2, 3]);
  });
});
