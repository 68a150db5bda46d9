import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime, formatSize, parseServerDate } from './format';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10_240, '10.0 KB'],
    [1_048_575, '1.0 MB'],
    [2 * 1024 * 1024, '2.0 MB'],
    [5_242_880, '5.0 MB'],
    [1024 ** 3, '1.0 GB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
    [2048 * 1024 ** 3, '2048.0 GB'],
    [511.6, '512 B'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });

  it('refuses to print a number for nonsense', () => {
    expect(formatSize(-1)).toBe('—');
    expect(formatSize(Number.NaN)).toBe('—');
    expect(formatSize(Number.POSITIVE_INFINITY)).toBe('—');
  });
});

describe('formatAge', () => {
  const now = new Date('2024-05-01T12:00:00Z');
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  const MIN = 60_000;

  it.each([
    [0, 'Just now'],
    [59 * MIN + 59_999, 'Just now'],
    [60 * MIN, '1 hour ago'],
    [119 * MIN, '1 hour ago'],
    [120 * MIN, '2 hours ago'],
    [23 * 60 * MIN + 59 * MIN, '23 hours ago'],
    [24 * 60 * MIN, '1 day ago'],
    [47 * 60 * MIN, '1 day ago'],
    [29 * 24 * 60 * MIN, '29 days ago'],
    [30 * 24 * 60 * MIN, '1 month ago'],
    [9600 * 60 * MIN, '1 year ago'],
    [364 * 24 * 60 * MIN, '12 months ago'],
    [365 * 24 * 60 * MIN, '1 year ago'],
    [3 * 366 * 24 * 60 * MIN, '3 years ago'],
  ])('%d ms ago → %s', (ms, text) => {
    expect(formatAge(ago(ms), now)).toBe(text);
  });

  it('says Just now for a date slightly in the future (clock skew)', () => {
    expect(formatAge(new Date(now.getTime() + 5 * MIN), now)).toBe('Just now');
  });

  it('reads ISO strings and SQL-style UTC strings', () => {
    expect(formatAge('2024-05-01T09:30:00Z', now)).toBe('2 hours ago');
    expect(formatAge('2024-05-01 09:30:00', now)).toBe('2 hours ago');
  });

  it('gives nothing for an unreadable date', () => {
    expect(formatAge('not a date', now)).toBe('');
  });
});

describe('formatDateTime', () => {
  it('formats in the given locale', () => {
    const text = formatDateTime('2024-05-01T14:05:00Z', 'en-US');
    expect(text).toMatch(/May 1, 2024/);
    expect(formatDateTime('2024-05-01T14:05:00Z', 'de-DE')).toMatch(/01\.05\.2024/);
  });

  it('returns an unreadable date as given', () => {
    expect(formatDateTime('garbage')).toBe('garbage');
  });

  it('reads SQL timestamps as UTC', () => {
    expect(parseServerDate('2024-05-01 14:05:00').toISOString()).toBe('2024-05-01T14:05:00.000Z');
  });
});
