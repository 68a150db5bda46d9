import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook, settle } from '../../../../test/support/render-hook';
import { ApiError } from '../../api/api-error';
import type { FileEventWatcher } from '../../api/file-events';

// The API calls and the event stream are faked; the hook's following and retrying are the real ones.
const startBulkJob = vi.fn();
const getBulkJob = vi.fn();
const failedFileIds = vi.fn();
const undoBulkJob = vi.fn();
vi.mock('../../api/bulk-jobs', async (original) => ({
  ...(await original<typeof import('../../api/bulk-jobs')>()),
  startBulkJob: (...args: unknown[]) => startBulkJob(...args),
  getBulkJob: (...args: unknown[]) => getBulkJob(...args),
  failedFileIds: (...args: unknown[]) => failedFileIds(...args),
  undoBulkJob: (...args: unknown[]) => undoBulkJob(...args),
}));
const watchers: FileEventWatcher[] = [];
vi.mock('../../api/file-events', () => ({
  watchFileEvents: (_api: unknown, watcher: FileEventWatcher) => {
    watchers.push(watcher);
    return { caughtUp() {}, stop: () => watchers.splice(watchers.indexOf(watcher), 1) };
  },
}));

const { useBulkJob } = await import('./use-bulk-job');

const job = (id: number, state: string, counts: Partial<Record<string, number>> = {}) => ({
  id,
  action: 'deactivate',
  state,
  total: 5,
  reason: null,
  counts: { pending: 0, done: 0, unchanged: 0, conflict: 0, failed: 0, ...counts },
});

afterEach(() => {
  startBulkJob.mockReset();
  getBulkJob.mockReset();
  failedFileIds.mockReset();
  undoBulkJob.mockReset();
  watchers.length = 0;
});

describe('useBulkJob', () => {
  it('follows the job from the stream, then retries the failed files as a job over their ids, with a new key', async () => {
    startBulkJob.mockResolvedValueOnce({ data: { job: job(7, 'running', { pending: 5 }) } });
    const { result } = renderHook(() => useBulkJob(), {});
    let started;
    await act(async () => {
      started = await result.current.start('deactivate', { filter: { isActive: 1 }, expectedCount: 5 });
    });
    expect(started).toEqual({ kind: 'started' });
    const [, action, target, key] = startBulkJob.mock.calls[0]!;
    expect([action, target]).toEqual(['deactivate', { filter: { isActive: 1 }, expectedCount: 5 }]);
    expect(result.current.running).toBe(true);
    await settle();

    // Another job's event changes nothing; this job's does.
    act(() => watchers[0]!.onJob!(job(8, 'done')));
    expect(result.current.job?.id).toBe(7);
    act(() => watchers[0]!.onJob!(job(7, 'done', { done: 3, failed: 2 })));
    expect(result.current).toMatchObject({ running: false, job: { state: 'done', counts: { failed: 2 } } });

    failedFileIds.mockResolvedValueOnce([11, 12]);
    startBulkJob.mockResolvedValueOnce({ data: { job: job(9, 'running', { pending: 2 }) } });
    await act(async () => {
      started = await result.current.retryFailed();
    });
    expect(started).toEqual({ kind: 'started' });
    expect(failedFileIds.mock.calls[0]![1]).toBe(7);
    const [, retryAction, retryTarget, retryKey] = startBulkJob.mock.calls[1]!;
    expect([retryAction, retryTarget]).toEqual(['deactivate', { ids: [11, 12] }]);
    expect(retryKey).not.toBe(key);
    expect(result.current).toMatchObject({ kind: 'retry', job: { id: 9 } });
  });

  it('undoes an ended job as a new job it then follows; pressing Undo again after a lost reply sends the same key', async () => {
    startBulkJob.mockResolvedValueOnce({ data: { job: job(4, 'done', { done: 5 }) } });
    const { result } = renderHook(() => useBulkJob(), {});
    await act(async () => {
      await result.current.start('deactivate', { filter: { isActive: 1 }, expectedCount: 5 });
    });
    expect(result.current).toMatchObject({ kind: 'action', running: false });

    undoBulkJob.mockRejectedValueOnce(new ApiError('offline', 'network'));
    let undone;
    await act(async () => {
      undone = await result.current.undo();
    });
    expect(undone).toMatchObject({ kind: 'error' });
    expect(result.current).toMatchObject({ kind: 'action', job: { id: 4 } });

    undoBulkJob.mockResolvedValueOnce({ data: { job: { ...job(5, 'running', { pending: 5 }), action: 'activate' } } });
    await act(async () => {
      undone = await result.current.undo();
    });
    expect(undone).toEqual({ kind: 'started' });
    const [[, firstId, firstKey], [, secondId, secondKey]] = undoBulkJob.mock.calls as [
      [unknown, number, string],
      [unknown, number, string],
    ];
    expect([firstId, secondId]).toEqual([4, 4]);
    expect(secondKey).toBe(firstKey);
    expect(result.current).toMatchObject({ kind: 'undo', running: true, job: { id: 5, action: 'activate' } });
    await settle();
    act(() => watchers[0]!.onJob!({ ...job(5, 'done', { done: 5 }), action: 'activate' }));
    expect(result.current).toMatchObject({ running: false, job: { id: 5, state: 'done' } });
  });

  it('reads the job from the API when the stream says nothing, and reports a filter whose count moved', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'Date'] });
    try {
      startBulkJob.mockRejectedValueOnce(new ApiError('moved', 'http', 409, 'error', { count: 4 }));
      const { result } = renderHook(() => useBulkJob(), {});
      let started;
      await act(async () => {
        started = await result.current.start('activate', { filter: {}, expectedCount: 5 });
      });
      expect(started).toEqual({ kind: 'count-moved', count: 4 });

      startBulkJob.mockResolvedValueOnce({ data: { job: job(3, 'running', { pending: 5 }) } });
      await act(async () => {
        await result.current.start('activate', { filter: {}, expectedCount: 4 });
      });
      getBulkJob.mockResolvedValue({ data: { job: job(3, 'done', { done: 5 }) } });
      await act(async () => {
        vi.advanceTimersByTime(6_000);
      });
      await settle();
      expect(getBulkJob).toHaveBeenCalled();
      expect(result.current.job).toMatchObject({ id: 3, state: 'done' });
    } finally {
      vi.useRealTimers();
    }
  });
});
