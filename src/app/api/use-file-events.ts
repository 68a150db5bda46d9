import { useEffect, useRef, useState } from 'react';
import type { FileEvent, StreamState } from './file-events';
import { useApi } from './use-api';

/**
 * Calls `onEvent` with every change of the account's files while the component is mounted, and
 * returns the stream's state ('polling' when streaming seems blocked: the caller reloads on a timer).
 * The stream code loads after the first paint, not with the element.
 */
export function useFileEvents(onEvent: (event: FileEvent) => void): StreamState {
  const api = useApi();
  const [state, setState] = useState<StreamState>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    import('./file-events').then(
      ({ watchFileEvents }) => {
        if (live) stop = watchFileEvents(api, { onEvent: (event) => handler.current(event), onState: setState });
      },
      (error: unknown) => console.warn('vp-admin-kit: the live file stream could not load.', error),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [api]);

  return state;
}
