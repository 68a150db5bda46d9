import { describe, expect, it } from 'vitest';
import { formatDayRange, formatShare, formatShortDay, formatWatchTime } from './view-figures';

describe('view figures in a locale', () => {
  it('writes watch time in seconds, minutes or hours', () => {
    expect(formatWatchTime(42, 'en')).toBe('42 sec');
    expect(formatWatchTime(150, 'en')).toBe('3 min');
    expect(formatWatchTime(5400, 'en')).toBe('1.5 hr');
    expect(formatWatchTime(5400, 'vi')).toBe('1,5 giờ');
  });

  it('writes a UTC day short, whatever the time zone, and keeps an unreadable one as given', () => {
    expect(formatShortDay('2026-11-28', 'en')).toBe('Nov 28');
    expect(formatShortDay('2026-11-28', 'vi')).toBe('28 thg 11');
    expect(formatShortDay('not a day', 'en')).toBe('not a day');
  });

  it('writes a range of UTC days with its year (thin spaces around the dash), one day as that day, and keeps an unreadable one as given', () => {
    expect(formatDayRange({ from: '2026-10-31', to: '2026-11-29' }, 'en')).toBe('Oct 31\u2009–\u2009Nov 29, 2026');
    expect(formatDayRange({ from: '2026-10-31', to: '2026-11-29' }, 'vi')).toBe('31 thg 10\u2009–\u200929 thg 11, 2026');
    expect(formatDayRange({ from: '2026-11-29', to: '2026-11-29' }, 'vi')).toBe('29 thg 11, 2026');
    expect(formatDayRange({ from: '2026-13-01', to: '2026-11-29' }, 'en')).toBe('2026-13-01 – 2026-11-29');
  });

  it('writes shares as whole percentages', () => {
    expect(formatShare(0.456, 'en')).toBe('46%');
    expect(formatShare(1, 'vi')).toBe('100%');
  });
});
