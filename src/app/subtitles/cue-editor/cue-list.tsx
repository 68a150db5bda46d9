import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useRef, useSyncExternalStore, type Ref } from 'react';
import { activeCue } from './cue-document';
import { CueRow, type CueRowActions } from './cue-row';
import { CueRowStyles } from './cue-row-styles';
import { useCueStore, type CueStore } from './cue-store';
import type { PlayerRemote } from '../../shared/player-remote';

export interface CueListHandle {
  /** Scrolls cue `index` into view and puts the caret at the end of its text. */
  focusText(index: number): void;
}

export interface CueListProps {
  store: CueStore;
  /** The playhead: the cue under it is highlighted, and scrolled to while it changes unless the operator is in the list. */
  remote: PlayerRemote;
  actions: CueRowActions;
  label: string;
  handle: Ref<CueListHandle>;
}

/** A row's height before it is measured: two lines of text and the times above them. */
const ESTIMATED_ROW_PX = 96;

/**
 * The cues, virtualised (TanStack Virtual): only the rows near the viewport are in the DOM, each
 * measured as it renders, so a 5,000-cue track opens and types as fast as a short one. It repaints when
 * the number of cues or the cue under the playhead changes; each row follows its own cue.
 */
export function CueList({ store, remote, actions, label, handle }: CueListProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const count = useCueStore(store, (s) => s.cues().length);
  const active = useActiveCue(store, remote);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    // One row beyond each edge (Tab reaches the next cue; scrolling renders the rest): every row in the
    // DOM is painted and layerized again in each keystroke's frame, ~0.1 ms a row on the bench's machine.
    overscan: 1,
  });
  const pendingFocus = useRef<number | null>(null);

  useImperativeHandle(handle, () => ({
    focusText(index) {
      pendingFocus.current = index;
      virtualizer.scrollToIndex(index, { align: 'center' });
      focusPending();
    },
  }));

  const focusPending = () => {
    const index = pendingFocus.current;
    if (index === null) return;
    const field = scroller.current?.querySelector<HTMLTextAreaElement>(`textarea[data-cue-text="${index}"]`);
    if (!field) return;
    pendingFocus.current = null;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  };
  // The row may render only after the scroll: try again after each render until it is there.
  useEffect(focusPending);

  useEffect(() => {
    const list = scroller.current;
    if (active < 0 || !list || list.contains(document.activeElement)) return;
    virtualizer.scrollToIndex(active, { align: 'auto' });
  }, [active, virtualizer]);

  return (
    <Box
      ref={scroller}
      role="list"
      aria-label={label}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden', contain: 'strict' }}
    >
      <CueRowStyles />
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          // A plain element with a style: a class per scroll position would fill the style sheet. Placed by
          // `top`, not a transform: a transform would make each row a paint chunk of its own, which
          // every key's frame sorts into layers again.
          <div
            key={item.key}
            role="listitem"
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: item.start, left: 0, width: '100%' }}
          >
            <CueRow index={item.index} store={store} active={item.index === active} actions={actions} />
          </div>
        ))}
      </div>
    </Box>
  );
}

/** The cue under the playhead (-1: none), following both the playhead and the cues' times. */
function useActiveCue(store: CueStore, remote: PlayerRemote): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      const fromStore = store.subscribe(listener);
      const fromPlayer = remote.subscribe(listener);
      return () => {
        fromStore();
        fromPlayer();
      };
    },
    [store, remote],
  );
  return useSyncExternalStore(subscribe, () => activeCue(store.cues(), remote.current().time));
}
