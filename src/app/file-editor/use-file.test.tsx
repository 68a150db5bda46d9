import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook, settle } from '../../../test/support/render-hook';
import { ApiError } from '../api/api-error';

const getFile = vi.fn();
vi.mock('../api/files', () => ({ getFile: (...args: unknown[]) => getFile(...args) }));
const toasts: string[] = [];
vi.mock('../shell/notify', () => ({
  useNotify: () => ({
    error: (e: unknown, fallback?: string) =>
      toasts.push(e instanceof ApiError && e.fromServer ? e.message : typeof e === 'string' ? e : fallback!),
  }),
}));

const { useFile } = await import('./use-file');

beforeEach(() => {
  getFile.mockReset();
  toasts.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('useFile', () => {
  it('a file the server says is not there: its message, and the host takes the user back', async () => {
    getFile.mockRejectedValue(new ApiError('File not found', 'http', 404, 'error'));
    const onLoadFailed = vi.fn();
    const { result } = renderHook(() => useFile(5, onLoadFailed), {});
    await settle();
    expect(toasts).toEqual(['File not found']);
    expect(onLoadFailed).toHaveBeenCalledOnce();
    expect(result.current.state).toEqual({ status: 'failed', message: 'File not found' });
  });

  it('a network failure stays on the page with the reason and Retry, which recovers', async () => {
    getFile.mockRejectedValueOnce(new ApiError('Something went wrong', 'network'));
    const onLoadFailed = vi.fn();
    const { result } = renderHook(() => useFile(5, onLoadFailed), {});
    await settle();
    expect(onLoadFailed).not.toHaveBeenCalled();
    expect(result.current.state).toEqual({
      status: 'failed',
      message: 'The server could not be reached. Check your connection, then try again.',
    });
    getFile.mockResolvedValue({ status: 'success', message: '', data: { file_id: 5, file_title: 'Back' } });
    act(() => result.current.retry());
    await settle();
    expect(result.current.state).toMatchObject({ status: 'ready', file: { file_title: 'Back' } });
  });
});

describe('useFile: a reply with status error', () => {
  it("shows the server's message and counts as not there", async () => {
    getFile.mockRejectedValue(new ApiError('This file was removed by its owner', 'not-success', 200, 'error'));
    const onLoadFailed = vi.fn();
    renderHook(() => useFile(9, onLoadFailed), {});
    await settle();
    expect(toasts).toEqual(['This file was removed by its owner']);
    expect(onLoadFailed).toHaveBeenCalledOnce();
  });
});
