import { describe, expect, it } from 'vitest';
import { editCue, parseVttDocument, vttCues } from '../../../subtitle-text/vtt-document';
import { checkCues, DEFAULT_LIMITS } from './cue-checks';

const cues = (body: string) => vttCues(parseVttDocument(`WEBVTT\n\n${body}`));

describe('cue checks', () => {
  it('flags each problem on the cue that has it, and counts them', () => {
    const result = checkCues(
      cues(
        [
          '00:01.000 --> 00:04.000\nFine, readable',
          '00:03.500 --> 00:05.000\nOverlaps the first',
          '00:06.000 --> 00:06.000\nNo time at all',
          '00:07.000 --> 00:08.000\n<i> </i>',
          '00:09.000 --> 00:10.000\nFar too much text to read in one second',
          '00:11.000 --> 00:20.000\nA line that is longer than forty-two characters',
        ].join('\n\n'),
      ),
      DEFAULT_LIMITS,
    );
    expect(result.problems).toEqual([[], ['overlap'], ['order'], ['empty'], ['speed'], ['long']]);
    expect(result.counts).toEqual({ order: 1, overlap: 1, empty: 1, speed: 1, long: 1 });
  });

  it('counts what is read: tags removed, an entity as one character; the limits are the operator’s', () => {
    // 17 characters in one second: at the limit, not over it.
    const [cue] = cues('00:01.000 --> 00:02.000\n<b>Sixteen chars!!</b>&amp;x');
    expect(checkCues([cue!], DEFAULT_LIMITS).problems[0]).toEqual([]);
    expect(checkCues([cue!], { maxCps: 16, maxLine: 10 }).problems[0]).toEqual(['speed', 'long']);
  });

  it('re-checks only the edited cue after a text edit, with the same result as a check of every cue', () => {
    const doc = parseVttDocument(
      `WEBVTT\n\n${['00:01.000 --> 00:04.000\nFine', '00:03.500 --> 00:05.000\nOverlaps', '00:06.000 --> 00:08.000\nThird'].join('\n\n')}`,
    );
    const before = { cues: vttCues(doc), result: checkCues(vttCues(doc), DEFAULT_LIMITS) };
    const edits = [
      editCue(doc, 1, { text: '' }), // empty, still overlapping
      editCue(doc, 2, { text: 'Far too much text to read in two seconds, said in one' }), // speed and long
      editCue(doc, 0, { end: 3000 }), // a time: the overlap goes
      editCue(doc, 2, { start: 1000 }), // a time: a new overlap
    ];
    for (const edited of edits) {
      const cues = vttCues(edited);
      const full = checkCues(cues, DEFAULT_LIMITS);
      expect(checkCues(cues, DEFAULT_LIMITS, before)).toEqual(full);
    }
    // Unchanged cues keep their arrays: their rows do not repaint.
    const typed = checkCues(vttCues(edits[0]!), DEFAULT_LIMITS, before);
    expect(typed.problems[0]).toBe(before.result.problems[0]);
    expect(typed.problems[2]).toBe(before.result.problems[2]);
    // No cue's problems changed: the same result, nothing copied (a key in a 5,000-cue track makes no garbage here),
    // and the same counts object, so the header that shows them does not repaint.
    expect(checkCues(vttCues(editCue(doc, 2, { text: 'Third, retyped' })), DEFAULT_LIMITS, before)).toBe(before.result);
    // A cue typed in that keeps its problems keeps its array too (one per set of problems): its row does not repaint on each key.
    const long = editCue(doc, 2, { text: 'Far too much text to read in two seconds, said in one' });
    const longer = editCue(long, 2, { text: 'Far too much text to read in two seconds, said in one!' });
    const first = checkCues(vttCues(long), DEFAULT_LIMITS);
    expect(checkCues(vttCues(longer), DEFAULT_LIMITS, { cues: vttCues(long), result: first }).problems[2]).toBe(first.problems[2]);
  });

  it('hands an edited document its cues: the same objects but the edited one', () => {
    const doc = parseVttDocument('WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\n00:03.000 --> 00:04.000\nTwo\n');
    const edited = editCue(doc, 1, { text: 'Two!' });
    expect(vttCues(edited)[0]).toBe(vttCues(doc)[0]);
    expect(vttCues(edited).map((cue) => cue.text)).toEqual(['One', 'Two!']);
    expect(vttCues(edited)).toEqual(edited.parts.filter((part) => part.kind === 'cue'));
  });
});
