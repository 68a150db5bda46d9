import { useEffect } from 'react';
import { afterPause } from './after-pause';
import type { CueStore } from './cue-store';
import type { PlayerRemote } from '../../shared/player-remote';

/** The player shows the draft cues this long after the last edit. */
const PREVIEW_DELAY_MS = 300;

/** The player shows the cues as edited, not as saved: a pause after the last edit. */
export function usePlayerPreview(store: CueStore, remote: PlayerRemote, lang: string): void {
  useEffect(
    () =>
      afterPause(
        store,
        PREVIEW_DELAY_MS,
        (before, after) => before.history.present !== after.history.present,
        () =>
          remote.showCues(
            Array.from(store.cues(), ({ start, end, text }) => ({ start, end, text })),
            lang,
          ),
      ),
    [store, remote, lang],
  );
}
