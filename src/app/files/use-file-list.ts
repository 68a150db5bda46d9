import { useCallback, useEffect, useRef, useState } from 'react';
import { getFiles } from '../api/files';
import type { VideoFile } from '../api/schemas';
import { LIST_TOAST_MS, useNotify } from '../shell/notify';
import { toFileQuery, type ListState } from './list-query';

/** How long a request may take before the grid shows 'Loading...'. */
const LOADING_DELAY_MS = 150;

/**
 * The grid's data source: the rows and total of the current view. A failed load keeps the rows
 * already on screen (spec §8); a reply whose status is not success leaves the screen unchanged.
 */
export function useFileList(state: ListState) {
  const [rows, setRows] = useState<VideoFile[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const notifyRef = useRef(notify);
  notifyRef.current = notify;

  // A string key: the effect runs again only when the request itself changes.
  const queryKey = JSON.stringify(toFileQuery(state));
  useEffect(() => {
    const controller = new AbortController();
    // The overlay only for a slow answer: a fast page change then costs the grid one render, not three.
    const showLoading = setTimeout(() => setLoading(true), LOADING_DELAY_MS);
    getFiles(JSON.parse(queryKey), controller.signal)
      .then((reply) => {
        if (controller.signal.aborted) return;
        if (reply.status !== 'success') {
          console.log('No files found', reply.message);
          return;
        }
        setRows(reply.data.files);
        setTotal(reply.data.pagination.total_records);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('vp-admin-kit: the file list could not be loaded.', error);
        notifyRef.current.error('Error fetching file list');
      })
      .finally(() => {
        clearTimeout(showLoading);
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => {
      clearTimeout(showLoading);
      controller.abort();
    };
  }, [queryKey, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  /** Applies a change the server confirmed to rows on screen, without a reload. */
  const patchRows = useCallback((ids: ReadonlySet<number>, patch: Partial<VideoFile>) => {
    setRows((current) => current.map((row) => (ids.has(row.file_id) ? { ...row, ...patch } : row)));
  }, []);

  return { rows, total, loading, reload, patchRows };
}
