import { describe, expect, it } from 'vitest';
import type { FileQuery } from '../../api/files';
import type { VideoFile } from '../../api/schemas';
import { withFileEvent, withTrashEvent } from './live-rows';

const file = (id: number, patch: Partial<VideoFile> = {}): VideoFile => ({
  file_id: id,
  file_server: 'media-1',
  file_title: `File ${id}`,
  file_slug: `file-${id}`,
  file_status: 2,
  isActive: 1,
  created_at: '2026-06-01T12:00:00.000Z',
  file_image: null,
  file_slide: null,
  ...patch,
});
const query: FileQuery = { page: 1, limit: 2, sort_by: 'created_at', order: 'desc' };
const page = (q: FileQuery = query) => ({ rows: [file(2), file(1)], total: 5, query: q, error: null });

describe('withFileEvent', () => {
  it('changes a row in place and leaves the other rows as they were', () => {
    const before = page();
    const after = withFileEvent(before, { kind: 'changed', file_id: 1, changes: { file_status: 5, file_progress: 40 } });
    expect(after.rows[1]).toMatchObject({ file_id: 1, file_title: 'File 1', file_status: 5, file_progress: 40 });
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(withFileEvent(before, { kind: 'changed', file_id: 9, changes: { file_status: 5 } })).toBe(before);
  });

  it("takes out a row that no longer passes the view's filters, and counts one file less", () => {
    const active = page({ ...query, isActive: 1 });
    const after = withFileEvent(active, { kind: 'changed', file_id: 2, changes: { isActive: 0 } });
    expect(after.rows.map((r) => r.file_id)).toEqual([1]);
    expect(after.total).toBe(4);
    // Counted once: the same change again (the stream after the kit's own write) finds it gone.
    expect(withFileEvent(after, { kind: 'changed', file_id: 2, changes: { isActive: 0 } })).toBe(after);
    const done = page({ ...query, file_status: 2 });
    expect(withFileEvent(done, { kind: 'changed', file_id: 1, changes: { file_status: 5 } }).rows.map((r) => r.file_id)).toEqual([2]);
    // A change the filters still pass stays in place.
    expect(withFileEvent(active, { kind: 'changed', file_id: 2, changes: { file_title: 'x' } }).total).toBe(5);
  });

  it('takes out of the Scheduled view a row whose schedule ran or was cleared', () => {
    const scheduled = {
      rows: [file(2, { deactivate_at: '2030-01-01T00:00:00.000Z' }), file(1, { activate_at: '2030-01-01T00:00:00.000Z' })],
      total: 2,
      query: { ...query, scheduled: 1 as const },
      error: null,
    };
    const ran = withFileEvent(scheduled, { kind: 'changed', file_id: 2, changes: { isActive: 0, deactivate_at: null } });
    expect(ran.rows.map((r) => r.file_id)).toEqual([1]);
    expect(ran.total).toBe(1);
    expect(withFileEvent(scheduled, { kind: 'changed', file_id: 1, changes: { file_title: 'x' } }).total).toBe(2);
  });

  it('removes a deleted row and counts one file less', () => {
    const after = withFileEvent(page(), { kind: 'deleted', file_id: 2 });
    expect(after.rows.map((r) => r.file_id)).toEqual([1]);
    expect(after.total).toBe(4);
  });

  it('puts a new file on top of the newest files, and nowhere it might not belong', () => {
    const added = { kind: 'added', file_id: 3, file: file(3, { file_status: 0 }) } as const;
    const after = withFileEvent(page(), added);
    expect(after.rows.map((r) => r.file_id)).toEqual([3, 2]);
    expect(after.total).toBe(6);
    for (const q of [
      { ...query, page: 2 },
      { ...query, search: 'x' },
      { ...query, order: 'asc' as const },
      { ...query, file_status: 10 },
    ]) {
      const before = page(q);
      expect(withFileEvent(before, added)).toBe(before);
    }
  });
});

describe('withTrashEvent', () => {
  it('drops a restored or purged file of the page and counts one less', () => {
    const restored = withTrashEvent(page(), { kind: 'added', file_id: 2, file: file(2) });
    expect(restored.rows.map((r) => r.file_id)).toEqual([1]);
    expect(restored.total).toBe(4);
    const purged = withTrashEvent(page(), { kind: 'deleted', file_id: 1 });
    expect(purged.rows.map((r) => r.file_id)).toEqual([2]);
    expect(purged.total).toBe(4);
  });

  it('leaves the page as it is for a file it does not show (a new upload, or a file trashed elsewhere: the page is read again)', () => {
    const before = page();
    expect(withTrashEvent(before, { kind: 'added', file_id: 3, file: file(3) })).toBe(before);
    expect(withTrashEvent(before, { kind: 'deleted', file_id: 3 })).toBe(before);
    expect(withTrashEvent(before, { kind: 'changed', file_id: 1, changes: { file_title: 'Renamed' } }).rows[1]).toMatchObject({
      file_title: 'Renamed',
    });
  });
});
