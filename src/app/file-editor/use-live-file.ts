import { useCallback, useRef } from 'react';
import type { VideoFile } from '../api/schemas';
import type { FileChanges } from '../../contract/file-event';
import { useFileEvents, type LoadMark } from '../api/use-file-events';
import { endingToast } from '../shared/live-status';
import { useNotify } from '../shell/notify';
import { useTexts } from '../i18n/texts';
import { LIVE_TEXTS } from '../shared/live-texts';

/** What the pipeline changes: everything but title, slug and the active flag, which are the form's. */
function pipelineFields(changes: FileChanges<VideoFile>): FileChanges<VideoFile> {
  const { file_title: _title, file_slug: _slug, isActive: _active, ...pipeline } = changes;
  return pipeline;
}

/**
 * Keeps the edited file live: what the pipeline changes (status, progress, reason, server, images)
 * is merged in as it happens, and completing or failing raises a toast with the reason. Title, slug
 * and the active flag are the form's: a change made elsewhere does not overwrite what is being typed.
 * The load says where it stood in the event log (`loaded`), so no change made meanwhile is missed;
 * where streaming is blocked the file is read again every 10 s while the tab is visible.
 */
export function useLiveFile(
  fileId: number,
  file: VideoFile | undefined,
  loaded: LoadMark | null,
  patchFile: (changes: FileChanges<VideoFile>) => void,
  refresh: (apply: (file: VideoFile) => void) => void,
): void {
  const notify = useNotify();
  const { t } = useTexts(LIVE_TEXTS);
  const known = useRef(file);
  known.current = file;
  const merge = useCallback(
    (changes: FileChanges<VideoFile>) => {
      const toast = endingToast({ kind: 'changed', file_id: fileId, changes }, known.current, t);
      if (toast) notify.show(toast.variant, toast.message);
      patchFile(pipelineFields(changes));
    },
    [fileId, notify, patchFile, t],
  );
  useFileEvents(
    (event) => {
      if (event.kind === 'changed' && event.file_id === fileId) merge(event.changes);
      else if (event.kind === 'reset') refresh(merge); // events were missed: read the file again
    },
    () => refresh(merge),
    loaded,
  );
}
