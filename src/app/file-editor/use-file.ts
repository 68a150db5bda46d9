import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../api/api-error';
import { getFile } from '../api/files';
import { useApi } from '../api/use-api';
import type { VideoFile } from '../api/schemas';
import { useNotify } from '../shell/notify';
import { failureText } from '../api/failure-text';
import { API_TEXTS } from '../api/texts';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';

export type FileState = { status: 'loading' } | { status: 'ready'; file: VideoFile } | { status: 'failed'; message: string };

/** The server answered that this file is not there (or not this account's): retrying cannot help. */
const isGone = (error: unknown) => isApiError(error) && (error.httpStatus === 404 || error.kind === 'not-success');

/**
 * Loads one file. When the server says the file is not there, it toasts the server's message (or
 * 'Failed to load file data') and calls `onLoadFailed` (the panel goes back to the list). Any other
 * failure is a state: the reason, and `retry`.
 */
export function useFile(fileId: number, onLoadFailed?: () => void) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(EDITOR_TEXTS);
  const apiT = useTexts(API_TEXTS).t;
  const [state, setState] = useState<FileState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    getFile(api, fileId).then(
      (reply) => {
        if (!live) return;
        if (reply.status === 'success') {
          setState({ status: 'ready', file: reply.data });
          return;
        }
        const message = reply.message || t('loadFailed');
        notify.error(message);
        setState({ status: 'failed', message });
        onLoadFailed?.();
      },
      (error: unknown) => {
        if (!live) return;
        console.error(`vp-file-editor: file ${fileId} could not be loaded.`, error);
        const message = failureText(error, apiT, t('loadFailed'));
        notify.error(error, t('loadFailed'));
        setState({ status: 'failed', message });
        if (isGone(error)) onLoadFailed?.();
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
