import { describe, expect, it } from 'vitest';
import { HISTORY_STEPS, record, redo, startHistory, TYPING_PAUSE_MS, undo } from './edit-history';

describe('undo history', () => {
  it('undoes and redoes at least 50 steps, and a new edit drops the redo steps', () => {
    let history = startHistory(0);
    for (let step = 1; step <= 60; step++) history = record(history, step);
    for (let step = 0; step < 60; step++) history = undo(history);
    expect(history.present).toBe(0);
    for (let step = 0; step < 60; step++) history = redo(history);
    expect(history.present).toBe(60);
    history = record(undo(history), 99);
    expect([history.present, history.future.length]).toEqual([99, 0]);
    expect(HISTORY_STEPS).toBeGreaterThanOrEqual(50);
  });

  it('joins keystrokes in one field within a pause into one step, not across fields or after a pause', () => {
    let history = startHistory('');
    history = record(history, 'a', 'text:1', 1000);
    history = record(history, 'ab', 'text:1', 1200);
    history = record(history, 'abc', 'text:2', 1300);
    history = record(history, 'abcd', 'text:2', 1300 + TYPING_PAUSE_MS);
    expect(history.past).toEqual(['', 'ab', 'abc']);
  });
});
