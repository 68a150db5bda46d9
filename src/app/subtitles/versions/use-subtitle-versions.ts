import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { subtitleSchema, type Subtitle } from '../../api/schemas';
import { getSubtitleVersions, restoreSubtitleVersion, type SubtitleVersion } from '../../api/subtitle-versions';
import { useApi } from '../../api/use-api';
import { staleCurrent } from '../../api/versioned-write';
import { useNotify } from '../../shell/notify';
import { useTexts } from '../../i18n/texts';
import { VERSION_TEXTS } from './texts';

export type VersionsState = { status: 'loading' } | { status: 'ready'; versions: SubtitleVersion[] } | { status: 'failed' };

/**
 * A track's versions and their restore. The track is kept as last known: a restore goes on its version
 * (If-Match), and a 412 adopts the track as it is now, so the list shows the other save and a second
 * restore is the operator's informed choice. `onChanged` tells the card the track changed (restored,
 * someone else's save, or deleted meanwhile).
 */
export function useSubtitleVersions(sub: Subtitle, onChanged: () => void) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(VERSION_TEXTS);
  const [track, setTrack] = useState(sub);
  const [state, setState] = useState<VersionsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [restoring, setRestoring] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getSubtitleVersions(api, sub.sub_id, controller.signal).then(
      (reply) => setState(reply.status === 'success' ? { status: 'ready', versions: reply.data } : { status: 'failed' }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, sub.sub_id, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  const restore = async (versionNo: number) => {
    setRestoring(versionNo);
    try {
      const reply = await restoreSubtitleVersion(api, track.sub_id, versionNo, track.version);
      setTrack(reply.data);
      notify.success(t('versionRestored', { n: versionNo }));
      onChanged();
    } catch (error) {
      const current = staleCurrent(error, subtitleSchema);
      if (current) {
        setTrack(current);
        notify.error(t('notRestored'));
        onChanged();
      } else {
        notify.error(error, t('restoreFailed'));
        // Gone (the track deleted, or the version past its retention): the card shows what is left.
        if (isApiError(error) && error.httpStatus === 404) onChanged();
      }
    } finally {
      setRestoring(null);
      reload();
    }
  };

  return { state, reload, restore, restoring, track };
}
