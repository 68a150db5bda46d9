import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../api/api-error';
import { getFile } from '../api/files';
import { useApi } from '../api/use-api';
import type { LoadMark } from '../api/use-file-events';
import type { VideoFile } from '../api/schemas';
import { withFileChanges } from '../api/file-changes';
import type { FileChanges } from '../../contract/file-event';
import { useNotify } from '../shell/notify';
import { failureText } from '../api/failure-text';
import { API_TEXTS } from '../api/texts';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';

/** `load`: where the reply stood in the event log (null after a save: the save's reply is newer than any event it knows of). */
export type FileState =
  { status: 'loading' } | { status: 'ready'; file: VideoFile; load: LoadMark | null } | { status: 'failed'; message: string };

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
          setState({ status: 'ready', file: reply.data, load: { lastEventId: reply.lastEventId } });
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
  const setFile = useCallback((file: VideoFile) => setState({ status: 'ready', file, load: null }), []);
  /** Merges fields the server changed (a live event) into the file on screen. */
  const patchFile = useCallback(
    (changes: FileChanges<VideoFile>) =>
      setState((current) => (current.status === 'ready' ? { ...current, file: withFileChanges(current.file, changes) } : current)),
    [],
  );
  /** Reads the file again, quietly (the polling fallback): `apply` gets it; a failure changes nothing. */
  const refresh = useCallback(
    (apply: (file: VideoFile) => void) => {
      getFile(api, fileId).then(
        (reply) => reply.status === 'success' && apply(reply.data),
        (error: unknown) => console.warn(`vp-file-editor: file ${fileId} could not be refreshed.`, error),
      );
    },
    [api, fileId],
  );
  return { state, retry, setFile, patchFile, refresh };
}
