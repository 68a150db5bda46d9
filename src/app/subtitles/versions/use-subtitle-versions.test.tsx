import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook, settle } from '../../../../test/support/render-hook';
import { ApiError } from '../../api/api-error';
import type { Subtitle } from '../../api/schemas';
import type { SubtitleVersion } from '../../api/subtitle-versions';

const getSubtitleVersions = vi.fn();
const restoreSubtitleVersion = vi.fn();
vi.mock('../../api/subtitle-versions', () => ({
  getSubtitleVersions: (...args: unknown[]) => getSubtitleVersions(...args),
  restoreSubtitleVersion: (...args: unknown[]) => restoreSubtitleVersion(...args),
}));
const toasts: string[] = [];
vi.mock('../../shell/notify', () => ({
  useNotify: () => ({
    success: (message: string) => toasts.push(`success: ${message}`),
    error: (e: unknown, fallback?: string) =>
      toasts.push(`error: ${typeof e === 'string' ? e : e instanceof ApiError && e.fromServer ? e.message : fallback!}`),
  }),
}));

const { useSubtitleVersions } = await import('./use-subtitle-versions');

const SUB: Subtitle = { sub_id: 7, file_id: 3, sub_lang: 'en', sub_size: 10, created_at: '2026-01-01T00:00:00Z', version: 4 };
const EDIT: SubtitleVersion = { version_no: 2, kind: 'edit', size: 12, created_at: '2026-01-02T00:00:00Z', actor: 'ops' };
const UPLOAD: SubtitleVersion = { version_no: 1, kind: 'upload', size: 10, created_at: '2026-01-01T00:00:00Z', actor: null };
const listed = (versions: SubtitleVersion[]) => ({ status: 'success', message: 'Subtitle versions loaded', data: versions });

async function setUp() {
  const onChanged = vi.fn();
  const { result } = renderHook(() => useSubtitleVersions(SUB, onChanged), {});
  await settle();
  return { result, onChanged };
}

beforeEach(() => {
  getSubtitleVersions.mockReset();
  restoreSubtitleVersion.mockReset();
  toasts.length = 0;
});

describe("a track's versions", () => {
  it('lists them newest first as the server sends them; a failed load offers a retry that reads again', async () => {
    getSubtitleVersions.mockRejectedValueOnce(new ApiError('offline', 'network')).mockResolvedValueOnce(listed([EDIT, UPLOAD]));
    const { result } = await setUp();
    expect(result.current.state).toEqual({ status: 'failed' });
    act(() => result.current.reload());
    await settle();
    expect(result.current.state).toEqual({ status: 'ready', versions: [EDIT, UPLOAD] });
    expect(getSubtitleVersions).toHaveBeenLastCalledWith(expect.anything(), 7, expect.any(AbortSignal));
  });

  it("restores on the track's version, says so, tells the card and lists the new version", async () => {
    const restored: SubtitleVersion = { ...UPLOAD, version_no: 3, kind: 'restore', actor: 'ops' };
    getSubtitleVersions.mockResolvedValueOnce(listed([EDIT, UPLOAD])).mockResolvedValueOnce(listed([restored, EDIT, UPLOAD]));
    restoreSubtitleVersion.mockResolvedValue({ status: 'success', message: 'Subtitle version restored', data: { ...SUB, version: 5 } });
    const { result, onChanged } = await setUp();
    await act(() => result.current.restore(1));
    await settle();
    expect(restoreSubtitleVersion).toHaveBeenCalledWith(expect.anything(), 7, 1, 4);
    expect(toasts).toEqual(['success: Version 1 restored']);
    expect(onChanged).toHaveBeenCalledOnce();
    expect(result.current.track.version).toBe(5);
    expect(result.current.state).toEqual({ status: 'ready', versions: [restored, EDIT, UPLOAD] });
  });

  it('a 412 restores nothing, says someone else changed it, and the next restore goes on their version', async () => {
    getSubtitleVersions.mockResolvedValue(listed([EDIT, UPLOAD]));
    restoreSubtitleVersion.mockRejectedValueOnce(new ApiError('Precondition failed', 'http', 412, 'error', { ...SUB, version: 6 }));
    const { result, onChanged } = await setUp();
    await act(() => result.current.restore(1));
    expect(toasts).toEqual([
      'error: Nothing was restored: someone else changed this subtitle meanwhile. The list now shows their version: restore again if you still want to.',
    ]);
    expect(onChanged).toHaveBeenCalledOnce();
    restoreSubtitleVersion.mockResolvedValueOnce({ status: 'success', message: 'Subtitle version restored', data: { ...SUB, version: 7 } });
    await act(() => result.current.restore(1));
    expect(restoreSubtitleVersion).toHaveBeenLastCalledWith(expect.anything(), 7, 1, 6);
  });

  it("a 404 shows the server's words and tells the card; another failure only says it failed", async () => {
    getSubtitleVersions.mockResolvedValue(listed([EDIT, UPLOAD]));
    restoreSubtitleVersion.mockRejectedValueOnce(new ApiError('Subtitle version not found', 'http', 404, 'error'));
    const { result, onChanged } = await setUp();
    await act(() => result.current.restore(2));
    restoreSubtitleVersion.mockRejectedValueOnce(new ApiError('offline', 'network'));
    await act(() => result.current.restore(2));
    expect(toasts).toEqual(['error: Subtitle version not found', 'error: Failed to restore the version']);
    expect(onChanged).toHaveBeenCalledOnce();
  });
});
