import { describe, expect, it } from 'vitest';
import { retentionCurve, rollUp, sessionKey, type BeatRow, type SessionRow } from '../src/db/view-rollup';

/** The roll-up's arithmetic (db/view-rollup.ts), beside the routes' tests on both engines (view-analytics.test.ts). */

const AT = Date.UTC(2026, 5, 1, 23, 59, 58);
let nextId = 1;
const beat = (session: string, played: number, position: number, more: Partial<BeatRow> = {}): BeatRow => ({
  beat_id: nextId++,
  file_id: 7,
  session_id: session,
  at: AT,
  position,
  played,
  duration: 100,
  ended: 0,
  host: 'a.example',
  country: '',
  ...more,
});

describe('the view roll-up', () => {
  it('counts a view once when a session passes 3 s across two batches, and moves its furthest tenth', () => {
    const first = rollUp([beat('s1', 2, 15)], new Map());
    expect(first.days).toEqual([{ file_id: 7, day: '2026-06-01', views: 0, watch_seconds: 2, sessions: 1, reached: Array(10).fill(0) }]);
    const known = new Map<string, SessionRow>([[sessionKey(7, 's1'), first.sessions[0]!]]);
    // The next beat comes after midnight: the session stays on the day it began.
    const second = rollUp([beat('s1', 2, 55, { at: AT + 5000 })], known);
    expect(second.days).toEqual([
      { file_id: 7, day: '2026-06-01', views: 1, watch_seconds: 2, sessions: 0, reached: [0, 0, 0, 0, 0, 1, 0, 0, 0, 0] },
    ]);
    expect(second.sites).toEqual([{ file_id: 7, day: '2026-06-01', name: 'a.example', views: 1 }]);
    const known2 = new Map<string, SessionRow>([[sessionKey(7, 's1'), second.sessions[0]!]]);
    const third = rollUp([beat('s1', 1, 100, { ended: 1, at: AT + 6000 })], known2);
    expect(third.days[0]).toMatchObject({ views: 0, reached: [0, 0, 0, 0, 0, -1, 0, 0, 0, 1] });
    expect(third.sites).toEqual([]);
  });

  it('draws the retention curve from the furthest tenths', () => {
    expect(retentionCurve([1, 0, 0, 0, 1, 0, 0, 0, 0, 2])).toEqual([1, 0.75, 0.75, 0.75, 0.75, 0.5, 0.5, 0.5, 0.5, 0.5]);
    expect(retentionCurve(Array(10).fill(0))).toEqual(Array(10).fill(0));
  });
});
