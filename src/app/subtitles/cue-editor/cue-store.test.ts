import { describe, expect, it } from 'vitest';
import { editCue, parseVttDocument } from '../../../subtitle-text/vtt-document';
import { DEFAULT_LIMITS } from './cue-checks';
import { createCueStore, isDirty } from './cue-store';
import { startHistory } from './edit-history';

const DOC = parseVttDocument('WEBVTT\n\n00:01.000 --> 00:02.000\nFirst\n\n00:02.000 --> 00:03.000\nSecond\n\n00:03.000 --> 00:04.000\n\n');

const storeOf = (doc = DOC) =>
  createCueStore({ history: startHistory(doc), base: { doc, version: 1 }, selection: new Set(), limits: DEFAULT_LIMITS });

describe('the cue editor’s store', () => {
  it('a keystroke in one cue’s text changes that cue’s slices only: the other cues, their problems and the counts stay the same objects', () => {
    const store = storeOf();
    const [first, , third] = store.cues();
    const before = store.checks();
    store.edit((doc) => editCue(doc, 1, { text: 'Second, typed' }), 'text:1');
    const after = store.checks();
    expect(store.cues().at(0)).toBe(first);
    expect(store.cues().at(2)).toBe(third);
    expect(store.cues().at(1)!.text).toBe('Second, typed');
    expect(after.problems[0]).toBe(before.problems[0]);
    expect(after.problems[2]).toBe(before.problems[2]);
    expect(after.counts).toBe(before.counts);
    expect(after.counts.empty).toBe(1);
    // Read again without a change: the very same objects (a reader does not repaint).
    expect(store.cues()).toBe(store.cues());
    expect(store.checks()).toBe(after);
  });

  it('counts a problem a keystroke makes or mends, and checks again with new limits', () => {
    const store = storeOf();
    store.edit((doc) => editCue(doc, 2, { text: 'Third' }), 'text:2');
    expect(store.checks().counts.empty).toBe(0);
    store.edit((doc) => editCue(doc, 0, { text: 'x'.repeat(30) }), 'text:0');
    expect(store.checks().counts.long).toBe(0);
    store.update((s) => ({ ...s, limits: { ...s.limits, maxLine: 20 } }));
    expect(store.checks().counts.long).toBe(1);
    expect(store.checks().problems[0]).toContain('long');
  });

  it('undoes and redoes 60 edits, tells its readers of each change and of none when there is nothing to undo', () => {
    const store = storeOf();
    let told = 0;
    const unsubscribe = store.subscribe(() => told++);
    for (let step = 1; step <= 60; step++) store.edit((doc) => editCue(doc, 0, { text: `Step ${step}` }));
    expect(told).toBe(60);
    expect(isDirty(store)).toBe(true);
    for (let step = 0; step < 60; step++) store.undo();
    expect(store.cues().at(0)!.text).toBe('First');
    expect(isDirty(store)).toBe(false);
    const seen = told;
    store.undo();
    expect(told).toBe(seen);
    for (let step = 0; step < 60; step++) store.redo();
    expect(store.cues().at(0)!.text).toBe('Step 60');
    unsubscribe();
    store.undo();
    expect(told).toBe(seen + 60);
  });

  it('joins the keystrokes of one field into one undo step', () => {
    const store = storeOf();
    for (const text of ['S', 'Sa', 'Say']) store.edit((doc) => editCue(doc, 2, { text }), 'text:2');
    expect(store.state().history.past).toHaveLength(1);
    store.undo();
    expect(store.cues().at(2)!.text).toBe('');
  });
});
