import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, Profiler, type ReactNode } from 'react';
import { renderHook, settle } from '../../../../test/support/render-hook';
import { ApiError } from '../../api/api-error';
import type { FileQuery } from '../../api/files';
import { DEFAULT_STATE, type ListState } from './list-query';

const getFiles = vi.fn();
vi.mock('../../api/files', () => ({ getFiles: (...args: unknown[]) => getFiles(...args) }));
const toasts: string[] = [];
vi.mock('../../shell/notify', () => ({ LIST_TOAST_MS: 3000, useNotify: () => ({ error: (m: string) => toasts.push(m) }) }));

const { useFileList } = await import('./use-file-list');

const rowsOf = (page: number) => Array.from({ length: 10 }, (_, i) => ({ file_id: page * 100 + i, file_title: `p${page} #${i}` }));
const success = (query: FileQuery, total = 25) => ({
  status: 'success',
  message: '',
  data: { files: rowsOf(query.page), pagination: { total_records: total } },
});
const pagesAsked = () => getFiles.mock.calls.map((call) => (call[1] as FileQuery).page);

beforeEach(() => {
  getFiles.mockReset();
  toasts.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

const render = (state: ListState = DEFAULT_STATE) => renderHook((s: ListState) => useFileList(s), state);

describe('useFileList', () => {
  it('loads the view, then fetches the next page ahead and shows it without asking again', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    const { result, rerender } = render();
    await settle();
    expect(result.current).toMatchObject({ total: 25, error: null, loading: false });
    expect(result.current.rows[0]).toMatchObject({ file_title: 'p1 #0' });
    expect(pagesAsked()).toEqual([1, 2]);
    rerender({ ...DEFAULT_STATE, page: 2 });
    await settle();
    expect(result.current.rows[0]).toMatchObject({ file_title: 'p2 #0' });
    expect(result.current.shownQuery?.page).toBe(2);
    // Page 2 came from the prefetch; only page 3 was asked for since.
    expect(pagesAsked()).toEqual([1, 2, 3]);
  });

  it('a page change to the page fetched ahead is one commit that already holds its rows (no loading state, no second render)', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    // What each commit showed: the page its rows belong to, and whether it said 'Loading'.
    const commits: string[] = [];
    let latest: ReturnType<typeof useFileList> | undefined;
    const { result, rerender } = renderHook(
      (s: ListState) => (latest = useFileList(s)),
      DEFAULT_STATE,
      (children: ReactNode) => (
        <Profiler id="list" onRender={() => commits.push(`${latest?.shownQuery?.page}:${latest?.loading}`)}>
          {children}
        </Profiler>
      ),
    );
    await settle();
    commits.length = 0;
    rerender({ ...DEFAULT_STATE, page: 2 });
    await settle();
    expect(commits).toEqual(['2:false']);
    expect(result.current.rows[0]).toMatchObject({ file_title: 'p2 #0' });
  });

  it('a failed first load is an error state with the reason, not an empty list; reload recovers', async () => {
    getFiles.mockRejectedValueOnce(new ApiError('Database is down', 'http', 503, 'error'));
    const { result } = render();
    await settle();
    expect(result.current).toMatchObject({ error: 'Database is down', rows: [], loading: false });
    expect(toasts).toEqual(['Error fetching file list']);
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    act(() => result.current.reload());
    await settle();
    expect(result.current).toMatchObject({ error: null, total: 25 });
    expect(result.current.rows).toHaveLength(10);
  });

  it('a network failure says the server could not be reached', async () => {
    getFiles.mockRejectedValueOnce(new ApiError('Something went wrong', 'network'));
    const { result } = render();
    await settle();
    expect(result.current.error).toBe('The server could not be reached. Check your connection, then try again.');
  });

  it("a reply whose status is not success shows the server's message", async () => {
    getFiles.mockRejectedValueOnce(new ApiError('Account suspended', 'not-success', 200, 'error'));
    const { result } = render();
    await settle();
    expect(result.current.error).toBe('Account suspended');
  });

  it('a failed view change reports the view it failed for', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    const { result, rerender } = render();
    await settle();
    getFiles.mockRejectedValue(new ApiError('boom', 'http', 500, 'error'));
    rerender({ ...DEFAULT_STATE, sort_by: 'file_title', order: 'asc' });
    await settle();
    expect(result.current.error).toBe('boom');
    expect(result.current.shownQuery).toMatchObject({ sort_by: 'file_title', order: 'asc' });
  });

  it('patchRows changes rows on screen without a request', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    const { result } = render();
    await settle();
    const before = getFiles.mock.calls.length;
    act(() => result.current.patchRows(new Set([100]), { file_title: 'changed' }));
    expect(result.current.rows[0]).toMatchObject({ file_title: 'changed' });
    expect(getFiles.mock.calls.length).toBe(before);
  });

  it('patchRows takes out rows the change takes out of the filters, the total follows, and an emptied page is read again', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    const { result } = render({ ...DEFAULT_STATE, isActive: '1' });
    await settle();
    act(() => result.current.patchRows(new Set([100, 101]), { isActive: 0 }));
    expect(result.current.rows.map((row) => row.file_id)).not.toContain(100);
    expect(result.current.rows).toHaveLength(8);
    expect(result.current.total).toBe(23);
    const before = getFiles.mock.calls.length;
    act(() => result.current.patchRows(new Set(rowsOf(1).map((row) => row.file_id)), { isActive: 0 }));
    await settle();
    expect(getFiles.mock.calls.length).toBe(before + 1);
    expect(result.current.rows).toHaveLength(10);
  });

  it('says where each load stood in the event log, and keeps that mark through live changes', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => ({ ...success(query), lastEventId: 42 }));
    const { result } = render();
    await settle();
    const mark = result.current.loaded;
    expect(mark).toEqual({ lastEventId: 42 });
    act(() => result.current.applyEvent({ kind: 'changed', file_id: 100, changes: { file_status: 5 } }));
    expect(result.current.rows[0]).toMatchObject({ file_status: 5 });
    expect(result.current.loaded).toBe(mark); // the same load: not handed its events again
  });

  it('refresh (the polling fallback) loads the page on screen quietly: no loading state, no toast, rows kept on failure', async () => {
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => success(query));
    const { result } = render();
    await settle();
    const loads: boolean[] = [];
    getFiles.mockImplementation(async (_api: unknown, query: FileQuery) => {
      loads.push(result.current.loading);
      const reply = success(query);
      reply.data.files[0]!.file_title = 'renamed elsewhere';
      return reply;
    });
    act(() => result.current.refresh());
    await settle();
    expect(result.current.rows[0]).toMatchObject({ file_title: 'renamed elsewhere' });
    expect(result.current.loading).toBe(false);
    expect(loads).toEqual([false]);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    getFiles.mockRejectedValue(new ApiError('Bad gateway', 'http', 502, 'error'));
    act(() => result.current.refresh());
    await settle();
    expect(result.current).toMatchObject({ error: null, total: 25 });
    expect(result.current.rows[0]).toMatchObject({ file_title: 'renamed elsewhere' });
    expect(toasts).toEqual([]);
  });
});
