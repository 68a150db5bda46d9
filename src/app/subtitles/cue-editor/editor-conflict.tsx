import type { VttDocument } from '../../../subtitle-text/vtt-document';
import { CueConflictDialog } from './cue-conflict-dialog';
import { useCueStore, type CueStore } from './cue-store';
import type { CueConflict } from './use-cue-save';

interface EditorConflictProps {
  store: CueStore;
  fileId: number;
  subId: number;
  conflict: CueConflict;
  busy: boolean;
  /** Saves the operator's cues over the version saved first. */
  onKeepMine(mine: VttDocument, version: number | null): void;
  onDone(): void;
}

/**
 * The conflict dialog after a Save met a newer version, over the cues as they are now (it follows
 * them; the editor around it does not repaint on each edit). Either way the version saved first becomes
 * the base: 'Take theirs' puts its cues in the editor, closing keeps the operator's for the next Save.
 */
export function EditorConflict({ store, fileId, subId, conflict, busy, onKeepMine, onDone }: EditorConflictProps) {
  const mine = useCueStore(store, (s) => s.state().history.present);
  const base = useCueStore(store, (s) => s.state().base);
  const baseOnTheirs = () => store.update((s) => ({ ...s, base: { doc: conflict.theirs, version: conflict.version } }));
  return (
    <CueConflictDialog
      fileId={fileId}
      subId={subId}
      base={base.doc}
      theirs={conflict.theirs}
      mine={mine}
      busy={busy}
      onKeepMine={() => onKeepMine(mine, conflict.version)}
      onTakeTheirs={() => {
        baseOnTheirs();
        store.edit(() => conflict.theirs);
        onDone();
      }}
      onClose={() => {
        // The operator's cues stay, on the version saved first: the next Save goes over it.
        baseOnTheirs();
        onDone();
      }}
    />
  );
}
