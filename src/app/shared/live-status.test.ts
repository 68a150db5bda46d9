import { describe, expect, it } from 'vitest';
import type { VideoFile } from '../api/schemas';
import { endingToast } from './live-status';

const known = { file_id: 4, file_title: 'Harbour at dawn', file_reason: null } as VideoFile;

describe('endingToast', () => {
  it('announces a completed file by its title', () => {
    expect(endingToast({ kind: 'changed', file_id: 4, changes: { file_status: 10 } }, known)).toEqual({
      variant: 'success',
      message: '“Harbour at dawn” — Completed',
    });
  });

  it('gives the reason of a failure', () => {
    expect(
      endingToast({ kind: 'changed', file_id: 4, changes: { file_status: 4, file_reason: 'The source answered 404' } }, known),
    ).toEqual({
      variant: 'error',
      message: '“Harbour at dawn” — Download Failed: The source answered 404',
    });
    expect(endingToast({ kind: 'changed', file_id: 9, changes: { file_status: 7 } }, undefined)?.message).toBe('“File 9” — Upload Failed');
  });

  it('says nothing of a step in between or of other changes', () => {
    expect(endingToast({ kind: 'changed', file_id: 4, changes: { file_status: 5, file_progress: 30 } }, known)).toBeNull();
    expect(endingToast({ kind: 'changed', file_id: 4, changes: { file_title: 'x' } }, known)).toBeNull();
    expect(endingToast({ kind: 'deleted', file_id: 4 }, known)).toBeNull();
    // Handed again (a replay), or already shown so by the reply: no news.
    expect(endingToast({ kind: 'changed', file_id: 4, changes: { file_status: 10 } }, { ...known, file_status: 10 })).toBeNull();
  });
});
