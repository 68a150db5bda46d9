import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseVttDocument } from '../../../subtitle-text/vtt-document';
import { afterPause } from './after-pause';
import { DEFAULT_LIMITS } from './cue-checks';
import { createCueStore, type EditorState } from './cue-store';
import { startHistory } from './edit-history';

const DOC = parseVttDocument('WEBVTT\n\n00:01.000 --> 00:02.000\nFirst\n');
const presentChanged = (before: EditorState, after: EditorState) => before.history.present !== after.history.present;

describe('afterPause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after the start, then once per pause in the changes it watches, not per change', () => {
    const store = createCueStore({
      history: startHistory(DOC),
      base: { doc: DOC, version: 1 },
      selection: new Set(),
      limits: DEFAULT_LIMITS,
    });
    const runs: string[] = [];
    const stop = afterPause(store, 400, presentChanged, (state) => runs.push(state.history.present.parts.at(-1)!.kind));
    vi.advanceTimersByTime(400);
    expect(runs).toHaveLength(1);
    // Keys 100 ms apart: nothing until 400 ms after the last one.
    for (let key = 0; key < 10; key++) {
      store.edit(() => parseVttDocument(`WEBVTT\n\n00:01.000 --> 00:02.000\nKey ${key}\n`), 'text:0');
      vi.advanceTimersByTime(100);
    }
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(299);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(runs).toHaveLength(2);
    // A change it does not watch (a tick) schedules nothing; after the unsubscribe an edit neither.
    store.update((s) => ({ ...s, selection: new Set([0]) }));
    vi.advanceTimersByTime(1000);
    stop();
    store.edit(() => DOC);
    vi.advanceTimersByTime(1000);
    expect(runs).toHaveLength(2);
  });
});
