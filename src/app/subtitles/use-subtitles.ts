import { useCallback, useEffect, useState } from 'react';
import type { Subtitle } from '../api/schemas';
import { getSubtitles } from '../api/subtitles';
import { useApi } from '../api/use-api';

export type SubtitlesState = { status: 'loading' } | { status: 'ready'; subs: Subtitle[] } | { status: 'failed' };

/** The file's subtitle tracks. A load failure is logged (docs/spec.md §8) and shown as a quiet retry. */
export function useSubtitles(fileId: number) {
  const api = useApi();
  const [state, setState] = useState<SubtitlesState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getSubtitles(api, fileId, controller.signal).then(
      (reply) => setState(reply.status === 'success' ? { status: 'ready', subs: reply.data.subs } : { status: 'failed' }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(`vp-file-editor: the subtitles of file ${fileId} could not be loaded.`, error);
        setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [api, fileId, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { state, reload };
}
