import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileEvent, FileEventWatch, StreamState } from './file-events';
import { useApi } from './use-api';

/** One reply's place in the file event log: a new object per reply, kept while live changes are merged into its data. */
export interface LoadMark {
  lastEventId: number | undefined;
}

export interface FileEventsHook {
  /** 'polling' when streaming seems blocked: the caller loads its data on a timer. */
  state: StreamState;
  /** The caller's data was read at this point of the event log (a reply's `lastEventId`): no change after it is missed. */
  caughtUp(lastEventId: number | undefined): void;
}

/**
 * Calls `onEvent` with every change of the account's files while the component is mounted. The
 * stream code loads after the first paint, not with the element; a `caughtUp` before it is there
 * is handed on when it is.
 */
export function useFileEvents(onEvent: (event: FileEvent) => void): FileEventsHook {
  const api = useApi();
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const watch = useRef<FileEventWatch | null>(null);
  const earliest = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    import('./file-events').then(
      ({ watchFileEvents }) => {
        if (!live) return;
        watch.current = watchFileEvents(
          api,
          { onEvent: (event) => handler.current(event), onState: setState },
          earliest.current ?? undefined,
        );
        earliest.current = null;
      },
      (error: unknown) => console.warn('vp-admin-kit: the live file stream could not load.', error),
    );
    return () => {
      live = false;
      watch.current?.stop();
      watch.current = null;
    };
  }, [api]);

  const caughtUp = useCallback((lastEventId: number | undefined) => {
    if (lastEventId === undefined) return;
    if (watch.current) watch.current.caughtUp(lastEventId);
    else earliest.current = Math.min(earliest.current ?? lastEventId, lastEventId);
  }, []);

  return { state, caughtUp };
}
