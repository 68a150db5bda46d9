import { describe, expect, it } from 'vitest';
import { compactDate } from './compact-date';

describe('compactDate', () => {
  const now = new Date('2026-11-23T12:00:00Z');

  it('drops the year for this year and keeps the time', () => {
    expect(compactDate('2026-03-04T14:05:00', now, 'en-US').short).toBe('Mar 4, 14:05');
  });

  it('keeps the year and drops the time for older dates', () => {
    expect(compactDate('2025-03-04T14:05:00', now, 'en-US').short).toBe('Mar 4, 2025');
  });

  it("tells this year's dates by the local new year, and follows `now` into another year", () => {
    const newYear = new Date(2026, 0, 1);
    expect(compactDate(newYear.toISOString(), now, 'en-US').short).toBe('Jan 1, 00:00');
    expect(compactDate(new Date(newYear.getTime() - 60_000).toISOString(), now, 'en-US').short).toBe('Dec 31, 2025');
    expect(compactDate(new Date(newYear.getTime() - 60_000).toISOString(), new Date(2025, 5, 1), 'en-US').short).toBe('Dec 31, 23:59');
  });

  it('gives the full date for the tooltip, and the raw value when unreadable', () => {
    expect(compactDate('2025-03-04T14:05:00', now, 'en-US').full).toMatch(/^Tuesday, March 4, 2025 at 2:05/);
    expect(compactDate('soon', now)).toEqual({ short: 'soon', full: 'soon' });
  });
});
