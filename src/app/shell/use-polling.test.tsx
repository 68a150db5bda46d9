import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { renderHook } from '../../../test/support/render-hook';
import { usePolling } from './use-polling';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (state: DocumentVisibilityState) => {
  visibility = state;
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
};

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePolling', () => {
  it('polls every interval while active, never while the tab is hidden, and at once when it is shown again', () => {
    const poll = vi.fn();
    const { rerender, unmount } = renderHook((active: boolean) => usePolling(active, poll, 10_000), false as boolean);
    act(() => void vi.advanceTimersByTime(30_000));
    expect(poll).not.toHaveBeenCalled(); // the stream is live: no polling

    rerender(true);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(poll).toHaveBeenCalledTimes(2);

    setVisibility('hidden');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(poll).toHaveBeenCalledTimes(2);
    setVisibility('visible');
    expect(poll).toHaveBeenCalledTimes(3);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(poll).toHaveBeenCalledTimes(4);

    rerender(false); // streaming again
    act(() => void vi.advanceTimersByTime(60_000));
    expect(poll).toHaveBeenCalledTimes(4);
    unmount();
  });
});
