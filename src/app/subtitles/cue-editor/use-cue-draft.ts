import { useEffect, useState } from 'react';
import { parseVttDocument, serializeVttDocument, type VttDocument } from '../../../subtitle-text/vtt-document';
import { afterPause } from './after-pause';
import { readDraft, writeDraft, type CueDraft } from './cue-draft';
import type { CueStore, EditorState } from './cue-store';

/** The draft is written this long after the last edit: a pause in typing, not every key. */
const DRAFT_DELAY_MS = 400;

/**
 * The track's draft in localStorage. One left from before (other than the text loaded) is offered until
 * resumed or discarded, and nothing is written over it meanwhile; then the edits are written a pause
 * after the last one, none once the text is the server's again. `kept` is false once the browser
 * refused to store one.
 */
export function useCueDraft(store: CueStore, subId: number, loaded: VttDocument) {
  const [offered, setOffered] = useState<CueDraft | null>(() => {
    const draft = readDraft(subId);
    return draft && draft.text !== serializeVttDocument(loaded) ? draft : null;
  });
  const [kept, setKept] = useState(true);

  useEffect(() => {
    if (offered) return;
    const edited = (before: EditorState, after: EditorState) =>
      before.history.present !== after.history.present || before.base !== after.base;
    return afterPause(store, DRAFT_DELAY_MS, edited, (state) => {
      if (state.history.present === state.base.doc) return;
      const text = serializeVttDocument(state.history.present);
      setKept(writeDraft(subId, { version: state.base.version, text, at: Date.now() }));
    });
  }, [store, subId, offered]);

  const resume = () => {
    if (!offered) return;
    // Edited from another version: the save meets the newer one as a conflict and shows what changed.
    const base = { ...store.state().base, version: offered.version };
    store.update((s) => ({ ...s, base }));
    store.edit(() => parseVttDocument(offered.text));
    setOffered(null);
  };
  const discard = () => setOffered(null);

  return { offered, kept, resume, discard };
}
