import { useRef } from 'react';
import type { VideoFile } from '../api/schemas';
import { useFileEvents } from '../api/use-file-events';
import { endingToast } from '../shell/live-status';
import { useNotify } from '../shell/notify';
import { useTexts } from '../i18n/texts';
import { LIVE_TEXTS } from '../shell/live-texts';

/**
 * Keeps the edited file live: what the pipeline changes (status, progress, reason, server, images)
 * is merged in as it happens, and completing or failing raises a toast with the reason. Title, slug
 * and the active flag are the form's: a change made elsewhere does not overwrite what is being typed.
 */
export function useLiveFile(fileId: number, file: VideoFile | undefined, patchFile: (changes: Partial<VideoFile>) => void): void {
  const notify = useNotify();
  const { t } = useTexts(LIVE_TEXTS);
  const known = useRef(file);
  known.current = file;
  useFileEvents((event) => {
    if (event.kind !== 'changed' || event.file_id !== fileId) return;
    const toast = endingToast(event, known.current, t);
    if (toast) notify.show(toast.variant, toast.message);
    const { file_title: _title, file_slug: _slug, isActive: _active, ...pipeline } = event.changes;
    patchFile(pipeline);
  });
}
