import { describe, expect, it } from 'vitest';
import { parseTime, showTime } from './cue-time';

describe('typed cue times', () => {
  it('reads seconds, minutes and hours, and refuses what is not a time', () => {
    expect(['75', '1:02.5', '01:02.500', '1:00:00.000', '0,250'].map(parseTime)).toEqual([75_000, 62_500, 62_500, 3_600_000, 250]);
    expect(['', 'abc', '1:60', '1:75:00', '1.2.3', '-1'].map(parseTime)).toEqual([null, null, null, null, null, null]);
  });

  it('shows mm:ss.ttt, with hours from an hour on', () => {
    expect([62_500, 3_600_000].map(showTime)).toEqual(['01:02.500', '01:00:00.000']);
  });
});
