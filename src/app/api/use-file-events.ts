import { useEffect, useRef } from 'react';
import type { FileEvent, FileEventWatch } from './file-events';
import { useApi } from './use-api';

/** One reply's place in the file event log: a new object per reply, kept while live changes are merged into its data. */
export interface LoadMark {
  lastEventId: number | undefined;
}

/**
 * Calls `onEvent` with every change of the account's files while the component is mounted, and
 * `onPoll` where streaming is blocked (every 10 s while the page is visible: the caller loads its data
 * again). The stream code loads after the first paint, not with the element. `loaded`: the load the
 * caller's data came from; no change after the point of the event log it stood at is missed (the stream
 * starts there, or hands the caller again what it received since). `onJob`: a bulk job's progress, unchecked.
 */
export function useFileEvents(
  onEvent: (event: FileEvent) => void,
  onPoll: () => void,
  loaded: LoadMark | null,
  onJob: (data: unknown) => void = () => {},
): void {
  const api = useApi();
  const handlers = useRef({ onEvent, onPoll, onJob });
  handlers.current = { onEvent, onPoll, onJob };
  const watch = useRef<FileEventWatch | null>(null);
  const earliest = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    import('./file-events').then(
      ({ watchFileEvents }) => {
        if (!live) return;
        const watcher = {
          onEvent: (event: FileEvent) => handlers.current.onEvent(event),
          onJob: (data: unknown) => handlers.current.onJob(data),
          poll: () => handlers.current.onPoll(),
        };
        watch.current = watchFileEvents(api, watcher, earliest.current ?? undefined);
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

  useEffect(() => {
    const id = loaded?.lastEventId;
    if (id === undefined) return;
    if (watch.current) watch.current.caughtUp(id);
    else earliest.current = Math.min(earliest.current ?? id, id); // handed on when the stream code is there
  }, [loaded]);
}
