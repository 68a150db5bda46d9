import { useRef } from 'react';
import type { FileEvent } from '../../api/file-events';
import type { VideoFile } from '../../api/schemas';
import { useFileEvents, type LoadMark } from '../../api/use-file-events';
import { endingToast } from '../../shared/live-status';
import { useNotify } from '../../shell/notify';
import { useTexts } from '../../i18n/texts';
import { LIVE_TEXTS } from '../../shared/live-texts';

/**
 * Keeps the list live: every streamed change goes to `applyEvent` (rows change in place, so
 * selection, focus and scroll stay), a file that completes or fails raises a toast with the reason,
 * and where streaming is blocked the page on screen is refreshed every 10 s while the tab is visible.
 * When a bulk job ends (here or in another window) the page is refreshed too: files it brought into the
 * view (activated under Active, restored) have a place only the server can say.
 * Each load says where it stood in the event log (`loaded`), so no change made meanwhile is missed.
 */
export function useLiveList(
  rows: readonly VideoFile[],
  loaded: LoadMark | null,
  applyEvent: (event: FileEvent) => void,
  refresh: () => void,
): void {
  const notify = useNotify();
  const { t } = useTexts(LIVE_TEXTS);
  const known = useRef(rows);
  known.current = rows;
  useFileEvents(
    (event) => {
      const toast = endingToast(event, event.kind === 'reset' ? undefined : known.current.find((row) => row.file_id === event.file_id), t);
      applyEvent(event);
      if (toast) notify.show(toast.variant, toast.message);
    },
    refresh,
    loaded,
    (job) => {
      const state = (job as { state?: unknown } | null)?.state;
      if (state === 'done' || state === 'failed') refresh();
    },
  );
}
