import { describe, expect, it } from 'vitest';
import { fromLocalInput, scheduleError, toLocalInput } from './schedule-times';

describe('schedule times', () => {
  it('go from an instant to the local input and back', () => {
    const iso = new Date(2026, 11, 1, 9, 30).toISOString(); // 09:30 in this machine's zone
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
    expect(fromLocalInput('2026-12-01T09:30')).toBe(iso);
    expect(toLocalInput(undefined)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('tomorrow')).toBeNull();
  });

  it('refuse a changed time in the past and a deactivation not after the activation, as the server does', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const none = { activate_at: null, deactivate_at: null };
    expect(scheduleError({ activate_at: '2026-06-01T11:00:00.000Z', deactivate_at: null }, none, now)).toBe('inPast');
    // A time already saved is not checked again (it runs within seconds).
    const saved = { activate_at: '2026-06-01T11:59:59.000Z', deactivate_at: null };
    expect(scheduleError(saved, saved, now)).toBeNull();
    expect(scheduleError({ activate_at: '2026-06-02T10:00:00.000Z', deactivate_at: '2026-06-02T09:00:00.000Z' }, none, now)).toBe('order');
    expect(scheduleError({ activate_at: '2026-06-02T10:00:00.000Z', deactivate_at: '2026-06-02T11:00:00.000Z' }, none, now)).toBeNull();
  });
});
