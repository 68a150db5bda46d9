import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../api/api-error';
import { getFile } from '../api/files';
import { useApi } from '../api/use-api';
import type { VideoFile } from '../api/schemas';
import { useNotify } from '../shell/notify';

export const LOAD_FAILED = 'Failed to load file data';

export type FileState = { status: 'loading' } | { status: 'ready'; file: VideoFile } | { status: 'failed'; message: string };

/**
 * Loads one file. A failure toasts the server's message or 'Failed to load file data' (spec §8)
 * and calls `onLoadFailed` (the panel goes back to the list); without it the caller shows an error
 * state and offers `retry`.
 */
export function useFile(fileId: number, onLoadFailed?: () => void) {
  const api = useApi();
  const notify = useNotify();
  const [state, setState] = useState<FileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    const fail = (message: string) => {
      if (!live) return;
      notify.error(message);
      setState({ status: 'failed', message });
      onLoadFailed?.();
    };
    getFile(api, fileId).then(
      (reply) => {
        if (!live) return;
        if (reply.status === 'success') setState({ status: 'ready', file: reply.data });
        else fail(reply.message || LOAD_FAILED);
      },
      (error: unknown) => {
        console.error(`vp-file-editor: file ${fileId} could not be loaded.`, error);
        fail(messageOf(error, LOAD_FAILED));
      },
    );
    return () => {
      live = false;
    };
    // onLoadFailed and notify are callbacks of the host; a new identity must not reload the file.
  }, [api, fileId, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const setFile = useCallback((file: VideoFile) => setState({ status: 'ready', file }), []);
  return { state, retry, setFile };
}
