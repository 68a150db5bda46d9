import { describe, expect, it } from 'vitest';
import { fromLocalInput, scheduleError, timesFromInputs, toLocalInput } from './schedule-times';

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

  it('keep a saved time with seconds whose input was left as shown, and read the one the operator changed', () => {
    const saved = { activate_at: new Date(2026, 11, 1, 9, 30, 45).toISOString(), deactivate_at: null };
    const untouched = { activate: toLocalInput(saved.activate_at), deactivate: '2026-12-02T18:00' };
    expect(timesFromInputs(untouched, saved)).toEqual({
      activate_at: saved.activate_at, // not 09:30:00: the input shows no seconds
      deactivate_at: new Date(2026, 11, 2, 18, 0).toISOString(),
    });
    expect(timesFromInputs({ activate: '2026-12-01T10:00', deactivate: '' }, saved)).toEqual({
      activate_at: new Date(2026, 11, 1, 10, 0).toISOString(),
      deactivate_at: null,
    });
    expect(timesFromInputs({ activate: '', deactivate: '' }, saved)).toEqual({ activate_at: null, deactivate_at: null });
  });
});
