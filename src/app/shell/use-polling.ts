import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `ms` while `active` and the page is visible: a hidden tab makes no requests, and
 * one that comes back into view polls at once.
 */
export function usePolling(active: boolean, poll: () => void, ms: number): void {
  const latest = useRef(poll);
  latest.current = poll;

  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = document.visibilityState === 'hidden' ? undefined : setInterval(() => latest.current(), ms);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') latest.current();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active, ms]);
}
