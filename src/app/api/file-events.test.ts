import { describe, expect, it } from 'vitest';
import { fileEventOf } from './file-events';

const file = {
  file_id: 8,
  file_server: 'pending',
  file_title: 'New upload',
  file_slug: 'new-upload',
  file_status: 0,
  isActive: 1,
  created_at: '2026-06-01T12:00:00.000Z',
  file_image: null,
  file_slide: null,
};

describe('fileEventOf', () => {
  it('reads the three kinds of the contract', () => {
    expect(fileEventOf({ kind: 'added', file_id: 8, file })).toEqual({ kind: 'added', file_id: 8, file });
    expect(fileEventOf({ kind: 'deleted', file_id: 8 })).toEqual({ kind: 'deleted', file_id: 8 });
    expect(fileEventOf({ kind: 'changed', file_id: 8, changes: { file_status: 5, file_progress: 40, file_reason: null } })).toEqual({
      kind: 'changed',
      file_id: 8,
      changes: { file_status: 5, file_progress: 40, file_reason: null },
    });
  });

  it('leaves out fields the kit does not show, and refuses what breaks the contract', () => {
    expect(fileEventOf({ kind: 'changed', file_id: 8, changes: { file_rendition: 'x', isActive: 0 } })).toEqual({
      kind: 'changed',
      file_id: 8,
      changes: { isActive: 0 },
    });
    for (const bad of [
      null,
      'x',
      { kind: 'changed', file_id: 8, changes: { file_status: 'done' } },
      { kind: 'added', file_id: 8, file: { file_id: 8 } },
      { kind: 'deleted', file_id: -1 },
      { kind: 'moved', file_id: 8 },
    ]) {
      expect(fileEventOf(bad)).toBeNull();
    }
  });
});
