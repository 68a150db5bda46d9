import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook, settle } from '../../../test/support/render-hook';
import type { VideoFile } from '../api/schemas';

import { ApiError } from '../api/api-error';

// The PUT is faked; the If-Match and merge logic in front of it is the real one.
const updateFile = vi.fn();
vi.mock('../api/files', async () => {
  const { writeMerging } = await import('../api/versioned-write');
  const { fileSchema } = await import('../api/schemas');
  return {
    updateFileMerging: (api: unknown, base: VideoFile, patch: object) =>
      writeMerging(fileSchema, base, patch, (body, headers) => updateFile(api, base.file_id, body, headers)),
  };
});
const toasts: [string, string][] = [];
vi.mock('../shell/notify', () => ({
  LIST_TOAST_MS: 3000,
  useNotify: () => ({
    success: (m: string) => toasts.push(['success', m]),
    warning: (m: string) => toasts.push(['warning', m]),
    error: (e: unknown, fallback?: string) => toasts.push(['error', typeof e === 'string' ? e : (fallback ?? String(e))]),
    byStatus: (status: string, m: string) => toasts.push([status, m]),
  }),
}));

const { useFileActions } = await import('./use-file-actions');

const file = (id: number, isActive: 0 | 1): VideoFile => ({
  file_id: id,
  file_server: 's',
  file_title: `Title ${id}`,
  file_slug: `slug-${id}`,
  file_status: 10,
  isActive,
  created_at: '2026-01-01T00:00:00Z',
  file_image: null,
  file_slide: null,
  version: 3,
});
const reply = (status: 'success' | 'warning' | 'error', message: string) => ({ status, message, data: null });

function setup(rows: VideoFile[]) {
  const patchRows = vi.fn();
  const afterDelete = vi.fn();
  const hook = renderHook((props: { rows: VideoFile[] }) => useFileActions({ rows: props.rows, patchRows, afterDelete }), { rows });
  return { ...hook, patchRows, afterDelete };
}

beforeEach(() => {
  updateFile.mockReset();
  toasts.length = 0;
});

describe('useFileActions: bulk', () => {
  it('counts files that already were active as done, clears the selection and says so', async () => {
    const rows = [file(1, 1), file(2, 1), file(3, 1)];
    updateFile.mockResolvedValue(reply('warning', 'No changes to save'));
    const { result, patchRows } = setup(rows);
    act(() => result.current.setSelection(new Set([1, 2, 3])));
    act(() => result.current.setAction('activate'));
    await act(() => result.current.applyBulk());
    expect(updateFile.mock.calls.map((c) => c[2])).toEqual([{ isActive: 1 }, { isActive: 1 }, { isActive: 1 }]);
    expect(toasts).toEqual([['success', '3 files were already active.']]);
    expect(result.current.selection.size).toBe(0);
    expect(result.current.action).toBe('');
    expect(patchRows).toHaveBeenCalledWith(new Set([1, 2, 3]), { isActive: 1 });
  });

  it('keeps only the real failures selected and names them', async () => {
    const rows = [file(1, 1), file(2, 1), file(3, 0)];
    updateFile.mockImplementation(async (_api: unknown, id: number) => {
      if (id === 2) throw new Error('disk full');
      return id === 3 ? reply('warning', 'No changes to save') : reply('success', 'File updated successfully');
    });
    const { result } = setup(rows);
    act(() => result.current.setSelection(new Set([1, 2, 3])));
    act(() => result.current.setAction('deactivate'));
    await act(() => result.current.applyBulk());
    expect(toasts).toEqual([
      [
        'error',
        'Failed to perform action. 1 of 3 files could not be updated (“Title 2”): disk full. It stays selected. 1 file deactivated; 1 file was already inactive.',
      ],
    ]);
    expect([...result.current.selection]).toEqual([2]);
    expect(result.current.action).toBe('deactivate');
  });

  it('a reply with status error is a failure with the server message', async () => {
    updateFile.mockResolvedValue(reply('error', 'File is locked'));
    const { result, patchRows } = setup([file(1, 0)]);
    act(() => result.current.setSelection(new Set([1])));
    act(() => result.current.setAction('activate'));
    await act(() => result.current.applyBulk());
    expect(toasts[0]![1]).toContain('(“Title 1”): File is locked');
    expect(patchRows).not.toHaveBeenCalled();
    expect([...result.current.selection]).toEqual([1]);
  });

  it('warns and sends nothing without an action', async () => {
    const { result } = setup([file(1, 0)]);
    act(() => result.current.setSelection(new Set([1])));
    await act(() => result.current.applyBulk());
    expect(toasts).toEqual([['warning', 'Please select an action.']]);
    expect(updateFile).not.toHaveBeenCalled();
  });

  it('drops rows that left the page from the selection', () => {
    const { result, rerender } = setup([file(1, 0), file(2, 0)]);
    act(() => result.current.setSelection(new Set([1, 2])));
    rerender({ rows: [file(2, 0), file(3, 0)] });
    expect([...result.current.selection]).toEqual([2]);
  });
});

describe('useFileActions: toggle and delete', () => {
  it('flips isActive on success and shows the server message', async () => {
    updateFile.mockResolvedValue(reply('success', 'File updated successfully'));
    const { result, patchRows } = setup([file(1, 1)]);
    await act(() => result.current.toggleActive(file(1, 1)));
    expect(updateFile).toHaveBeenCalledWith(expect.anything(), 1, { isActive: 0 }, { 'If-Match': '"3"' });
    expect(patchRows).toHaveBeenCalledWith(new Set([1]), { isActive: 0 });
    expect(toasts).toEqual([['success', 'File updated successfully']]);
  });

  it('a 412 (the pipeline changed the file meanwhile) sends the flag again on the version it carried', async () => {
    const current = { ...file(1, 1), file_status: 5, version: 9 };
    const saved = { ...current, isActive: 0, version: 10 };
    updateFile
      .mockRejectedValueOnce(new ApiError('changed', 'http', 412, 'error', current))
      .mockResolvedValueOnce({ status: 'success', message: 'File updated successfully', data: saved });
    const { result, patchRows } = setup([file(1, 1)]);
    await act(() => result.current.toggleActive(file(1, 1)));
    expect(updateFile.mock.calls.map((c) => c[3])).toEqual([{ 'If-Match': '"3"' }, { 'If-Match': '"9"' }]);
    expect(patchRows).toHaveBeenCalledWith(new Set([1]), saved);
    expect(toasts).toEqual([['success', 'File updated successfully']]);
  });

  it('leaves the row as it was when the toggle fails', async () => {
    updateFile.mockRejectedValue(new Error('offline'));
    const { result, patchRows } = setup([file(1, 1)]);
    await act(() => result.current.toggleActive(file(1, 1)));
    expect(patchRows).not.toHaveBeenCalled();
    expect(toasts).toEqual([['error', 'Failed to update status.']]);
  });

  it('asks about the file by its row and reports a delete to the screen', async () => {
    const { result, afterDelete } = setup([file(7, 1)]);
    act(() => result.current.askDelete(7));
    expect(result.current.deleteTarget?.file_title).toBe('Title 7');
    act(() => result.current.closeDelete());
    expect(result.current.deleteTarget).toBeNull();
    act(() => result.current.onDeleted(7));
    expect(afterDelete).toHaveBeenCalledWith(7);
    await settle();
  });
});

describe('useFileActions: the switch of a scheduled file', () => {
  const scheduled = { ...file(7, 1), deactivate_at: '2030-01-01T09:00:00.000Z' };

  it('asks first, and writes nothing until the operator answers', async () => {
    const { result } = setup([scheduled]);
    await act(() => result.current.toggleActive(scheduled));
    expect(result.current.scheduleTarget).toBe(scheduled);
    expect(updateFile).not.toHaveBeenCalled();
    act(() => result.current.closeSchedule());
    expect(result.current.scheduleTarget).toBeNull();
    expect(updateFile).not.toHaveBeenCalled();
  });

  it('keeps the schedule, or clears it with the change', async () => {
    updateFile.mockResolvedValue(reply('success', 'File updated successfully'));
    const { result } = setup([scheduled]);
    await act(() => result.current.toggleActive(scheduled));
    await act(async () => result.current.answerSchedule(false));
    await act(() => result.current.toggleActive(scheduled));
    await act(async () => result.current.answerSchedule(true));
    await settle();
    expect(updateFile.mock.calls.map((c) => c[2])).toEqual([{ isActive: 0 }, { isActive: 0, activate_at: null, deactivate_at: null }]);
  });

  it('a file without a schedule is switched at once', async () => {
    updateFile.mockResolvedValue(reply('success', 'File updated successfully'));
    const { result } = setup([file(8, 1)]);
    await act(() => result.current.toggleActive(file(8, 1)));
    expect(result.current.scheduleTarget).toBeNull();
    expect(updateFile.mock.calls.map((c) => c[2])).toEqual([{ isActive: 0 }]);
  });
});
