import { Box, useMediaQuery } from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import type { Subtitle } from '../../api/schemas';
import { languageLabel } from '../../i18n/languages';
import { useTexts } from '../../i18n/texts';
import type { CheckLimits } from './cue-checks';
import type { Loaded } from './cue-editor-dialog';
import { CueList, type CueListHandle } from './cue-list';
import { createCueStore, useCueStore } from './cue-store';
import { EditorConflict } from './editor-conflict';
import { EditorHeader } from './editor-header';
import { EditorNotices } from './editor-notices';
import { record, startHistory } from './edit-history';
import { usePlayerRemote } from '../../shared/player-remote';
import { keepLimits, readLimits } from './stored-limits';
import { CUE_TEXTS } from './texts';
import { useCueActions } from './use-cue-actions';
import { useCueDraft } from './use-cue-draft';
import { useCueSave } from './use-cue-save';
import { usePlayerPreview } from './use-player-preview';
import { VideoPane, type VideoProblem } from './video-pane';

export interface CueEditorProps {
  sub: Subtitle;
  /** The title when not "Edit cues: <language>" (a chapters track's). */
  title?: string | undefined;
  titleId: string;
  loaded: Loaded;
  /** The player page to play along, or null when there is none (see `videoProblem`). */
  playerSrc: string | null;
  videoProblem: VideoProblem;
  onClose(): void;
  onSaved(): void;
}

/**
 * The cue editor: the video (on top, beside the list on a wide screen), the cue list, and the tools.
 * Every edit is a new document in the undo history, held in a store (`cue-store.ts`) that each part reads
 * a slice of: this component holds no state a keystroke changes, so typing repaints only the cue's row.
 * The draft goes to localStorage as the operator types; Save sends the whole text on the version it was read at.
 */
export function CueEditor({ sub, title, titleId, loaded, playerSrc, videoProblem, onClose, onSaved }: CueEditorProps) {
  const { t, language, locale } = useTexts(CUE_TEXTS);
  const [store] = useState(() =>
    createCueStore({
      history: startHistory(loaded.doc),
      base: { doc: loaded.doc, version: loaded.version },
      selection: new Set(),
      limits: readLimits(),
    }),
  );
  const base = useCueStore(store, (s) => s.state().base);
  const list = useRef<CueListHandle>(null);
  const phone = useMediaQuery('(max-width:599.98px)');
  const remote = usePlayerRemote(playerSrc);

  const { save, busy, conflict, clearConflict } = useCueSave({
    sub,
    base,
    onStored: (stored, adopt) =>
      store.update((s) => ({ ...s, base: stored, history: adopt ? record(s.history, stored.doc) : { ...s.history, last: null } })),
    onSaved,
    onGone: onClose,
  });
  const draft = useCueDraft(store, sub.sub_id, loaded.doc);
  usePlayerPreview(store, remote, sub.sub_lang);
  const { actions, addAtPlayhead, shift, onKeyDown } = useCueActions(store, remote, list);

  const setLimits = useCallback(
    (limits: CheckLimits) => {
      keepLimits(limits);
      store.update((s) => ({ ...s, limits }));
    },
    [store],
  );
  const onSave = () => void save(store.state().history.present);

  return (
    <Box onKeyDown={onKeyDown} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}>
      <EditorHeader
        store={store}
        titleId={titleId}
        title={title ?? t('title', { language: languageLabel(sub.sub_lang, language, locale) })}
        busy={busy}
        onLimits={setLimits}
        onSave={onSave}
        onClose={onClose}
      />
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          gridTemplateRows: { xs: 'auto minmax(0, 1fr)', md: 'minmax(0, 1fr)' },
        }}
      >
        <VideoPane
          playerSrc={playerSrc}
          videoProblem={videoProblem}
          title={loaded.file?.file_title ?? ''}
          remote={remote}
          store={store}
          compact={phone}
          onAdd={addAtPlayhead}
          onShift={shift}
        />
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            minHeight: 0,
            borderTop: { xs: 1, md: 0 },
            borderInlineStart: { md: 1 },
            borderColor: 'divider',
          }}
        >
          <EditorNotices
            store={store}
            offeredDraft={draft.offered}
            onResume={draft.resume}
            onDiscard={draft.discard}
            draftKept={draft.kept}
            valid={loaded.doc.valid}
          />
          <CueList handle={list} store={store} remote={remote} actions={actions} label={t('cues')} />
        </Box>
      </Box>
      {conflict ? (
        <EditorConflict
          store={store}
          fileId={sub.file_id}
          subId={sub.sub_id}
          conflict={conflict}
          busy={busy}
          onKeepMine={(mine, version) => void save(mine, version)}
          onDone={clearConflict}
        />
      ) : null}
    </Box>
  );
}
