import { describe, expect, it } from 'vitest';
import { parseVttDocument, vttCues } from '../../../contract/subtitle-text/vtt-document';
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
});
