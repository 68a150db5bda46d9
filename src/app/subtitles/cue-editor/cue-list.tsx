import { Box } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import type { VttCue } from '../../../contract/subtitle-text/vtt-document';
import type { CheckLimits, CheckResult } from './cue-checks';
import { CueRow, type CueRowActions } from './cue-row';

export interface CueListHandle {
  /** Scrolls cue `index` into view and puts the caret at the end of its text. */
  focusText(index: number): void;
}

export interface CueListProps {
  cues: readonly VttCue[];
  checks: CheckResult;
  limits: CheckLimits;
  selection: ReadonlySet<number>;
  /** The cue under the playhead (-1: none): highlighted, and scrolled to while it changes unless the operator is in the list. */
  active: number;
  actions: CueRowActions;
  label: string;
  handle: Ref<CueListHandle>;
}

/** A row's height before it is measured: two lines of text and the times above them. */
const ESTIMATED_ROW_PX = 96;

/**
 * The cues, virtualised (TanStack Virtual): only the rows near the viewport are in the DOM, each
 * measured as it renders, so a 5,000-cue track opens and types as fast as a short one.
 */
export function CueList({ cues, checks, limits, selection, active, actions, label, handle }: CueListProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: cues.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 4,
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
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          // A plain element with a style: a class per scroll position would fill the style sheet, and
          // every key typed renders these again.
          <div
            key={item.key}
            role="listitem"
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
          >
            <CueRow
              index={item.index}
              cue={cues[item.index]!}
              isLast={item.index === cues.length - 1}
              problems={checks.problems[item.index]!}
              limits={limits}
              selected={selection.has(item.index)}
              active={item.index === active}
              actions={actions}
            />
          </div>
        ))}
      </div>
    </Box>
  );
}
