import { describe, expect, it } from 'vitest';
import { parseVttDocument } from '../../../subtitle-text/vtt-document';
import { changedCues } from './cue-conflict-dialog';

const doc = (...texts: string[]) =>
  parseVttDocument(`WEBVTT\n\n${texts.map((text, i) => `00:0${i}.000 --> 00:0${i}.900\n${text}`).join('\n\n')}\n`);

describe('the cues a conflicting save changed', () => {
  it('lists the cues the other save changed, with mine beside them', () => {
    const changed = changedCues(doc('a', 'b', 'c'), doc('a', 'B', 'c', 'd'), doc('A', 'b2', 'c'));
    expect(changed.map(({ index, theirs, mine }) => [index, theirs?.text, mine?.text])).toEqual([
      [1, 'B', 'b2'],
      [3, 'd', undefined],
    ]);
  });

  it('without the text the other save started from (a resumed draft), lists where theirs and mine differ', () => {
    const current = doc('a', 'b');
    const changed = changedCues(current, current, doc('a', 'mine'));
    expect(changed.map(({ index, theirs, mine }) => [index, theirs?.text, mine?.text])).toEqual([[1, 'b', 'mine']]);
  });
});
