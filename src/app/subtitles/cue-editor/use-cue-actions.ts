import { useCallback, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import { editCue, type CueChange } from '../../../subtitle-text/vtt-document';
import { activeCue, cueIndexForTime, insertCue, mergeWithNext, removeCue, shiftCues, splitCue } from './cue-document';
import type { CueListHandle } from './cue-list';
import type { CueRowActions } from './cue-row';
import type { CueStore, EditorState } from './cue-store';
import type { PlayerRemote } from '../../shared/player-remote';
import { shortcutOf } from './shortcuts';

/** A new cue at the playhead lasts this long until its end is set. */
const NEW_CUE_MS = 2000;

/** No cue ticked: an edit that adds or removes cues would make the ticked numbers point at other cues. */
const withoutSelection = (state: EditorState): EditorState => (state.selection.size ? { ...state, selection: new Set() } : state);

/**
 * What the rows, the tools and the keys do to the cues: each row's actions, a new cue at the playhead
 * (its text focused in the list), the shift of the ticked cues or all, and the keyboard shortcuts. A key
 * that acts on one cue takes the one being edited, else the one playing.
 */
export function useCueActions(store: CueStore, remote: PlayerRemote, list: RefObject<CueListHandle | null>) {
  // The cue being edited: read by the keys and buttons that act on it, never shown.
  const focusedCue = useRef(-1);

  // The cue a key or button acts on: the one being edited, else the one playing.
  const target = () => {
    const cues = store.cues();
    return focusedCue.current >= 0 && focusedCue.current < cues.length ? focusedCue.current : activeCue(cues, remote.current().time);
  };
  const actions: CueRowActions = useMemo(() => {
    const clearSelection = () => store.update(withoutSelection);
    return {
      change: (index: number, change: CueChange, typingKey?: string) => store.edit((d) => editCue(d, index, change), typingKey ?? null),
      seekTo: (ms: number) => remote.seek(ms),
      fromPlayhead: (index: number, which: 'start' | 'end') => store.edit((d) => editCue(d, index, { [which]: remote.current().time })),
      split: (index: number) => {
        clearSelection();
        store.edit((d) => splitCue(d, index, remote.current().time));
      },
      merge: (index: number) => {
        clearSelection();
        store.edit((d) => mergeWithNext(d, index));
      },
      remove: (index: number) => {
        clearSelection();
        store.edit((d) => removeCue(d, index));
      },
      toggleSelected: (index: number) =>
        store.update((s) => {
          const selection = new Set(s.selection);
          if (!selection.delete(index)) selection.add(index);
          return { ...s, selection };
        }),
      focused: (index: number) => (focusedCue.current = index),
    };
  }, [store, remote]);

  const addAtPlayhead = useCallback(() => {
    const start = remote.current().time;
    const index = cueIndexForTime(store.state().history.present, start);
    store.update(withoutSelection);
    store.edit((d) => insertCue(d, index, { start, end: start + NEW_CUE_MS, text: '' }));
    list.current?.focusText(index);
  }, [store, remote, list]);
  const shift = useCallback(
    (delta: number) => {
      const chosen = store.state().selection;
      store.edit((d) => shiftCues(d, chosen.size ? [...chosen] : null, delta));
    },
    [store],
  );
  const setFromPlayhead = (which: 'start' | 'end') => {
    const index = target();
    if (index >= 0) actions.fromPlayhead(index, which);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const action = shortcutOf(event);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action === 'play') remote.toggle();
    else if (action === 'back') remote.seek(remote.current().time - 2000);
    else if (action === 'start' || action === 'end') setFromPlayhead(action);
    else if (action === 'new') addAtPlayhead();
    else if (action === 'undo') store.undo();
    else store.redo();
  };

  return { actions, addAtPlayhead, shift, onKeyDown };
}
