import { Alert, Box, Button, IconButton, InputBase, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { editCue, parseVttDocument, serializeVttDocument, type CueChange, type VttDocument } from '../../../subtitle-text/vtt-document';
import type { Subtitle } from '../../api/schemas';
import { formatAge } from '../../i18n/format';
import { languageLabel } from '../../i18n/languages';
import { useTexts } from '../../i18n/texts';
import { CloseIcon, KeyboardIcon, PauseIcon, PlayArrowIcon, RedoIcon, ReplayIcon, SettingsIcon, UndoIcon, AddIcon } from '../../ui/icons';
import { CUE_PROBLEMS, DEFAULT_LIMITS, type CheckLimits } from './cue-checks';
import { CueConflictDialog } from './cue-conflict-dialog';
import { activeCue, cueIndexForTime, insertCue, mergeWithNext, removeCue, shiftCues, splitCue } from './cue-document';
import { readDraft, writeDraft, type CueDraft } from './cue-draft';
import type { Loaded } from './cue-editor-dialog';
import { CueList, type CueListHandle } from './cue-list';
import { problemText, type CueRowActions } from './cue-row';
import { PopoverButton } from './popover-button';
import { showTime } from './cue-time';
import { afterPause } from './after-pause';
import { createCueStore, isDirty, useCueStore, type CueStore, type EditorState } from './cue-store';
import { record, startHistory } from './edit-history';
import { usePlayerRemote, usePlayhead, type PlayerRemote } from './player-remote';
import { keepLimits, readLimits } from './stored-limits';
import { useCueSave, type Base } from './use-cue-save';
import { SHORTCUTS, shortcutOf } from './shortcuts';
import { CUE_TEXTS } from './texts';

export interface CueEditorProps {
  sub: Subtitle;
  titleId: string;
  loaded: Loaded;
  /** The player page to play along, or null when there is none (see `videoProblem`). */
  playerSrc: string | null;
  videoProblem: 'noVideo' | 'noPlayerDomain' | null;
  onClose(): void;
  onSaved(): void;
}

/** The draft is written this long after the last edit: a pause in typing, not every key. */
const DRAFT_DELAY_MS = 400;
/** The player shows the draft cues this long after the last edit. */
const PREVIEW_DELAY_MS = 300;
/** A new cue at the playhead lasts this long until its end is set. */
const NEW_CUE_MS = 2000;

/**
 * The cue editor: the video (on top, beside the list on a wide screen), the cue list, and the tools.
 * Every edit is a new document in the undo history, held in a store (`cue-store.ts`) that each part reads
 * a slice of: this component holds no state a keystroke changes, so typing repaints only the cue's row.
 * The draft goes to localStorage as the operator types; Save sends the whole text on the version it was read at.
 */
export function CueEditor({ sub, titleId, loaded, playerSrc, videoProblem, onClose, onSaved }: CueEditorProps) {
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
  const empty = useCueStore(store, (s) => s.cues().length === 0);
  // The cue being edited: read by the keys and buttons that act on it, never shown.
  const focusedCue = useRef(-1);
  const [offeredDraft, setOfferedDraft] = useState<CueDraft | null>(() => {
    const draft = readDraft(sub.sub_id);
    return draft && draft.text !== serializeVttDocument(loaded.doc) ? draft : null;
  });
  const [draftKept, setDraftKept] = useState(true);
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
  const setBase = (next: Base) => store.update((s) => ({ ...s, base: next }));

  // The draft, a pause after the last edit; none once the text is the server's again.
  useEffect(() => {
    if (offeredDraft) return;
    const edited = (before: EditorState, after: EditorState) =>
      before.history.present !== after.history.present || before.base !== after.base;
    return afterPause(store, DRAFT_DELAY_MS, edited, (state) => {
      if (state.history.present === state.base.doc) return;
      const text = serializeVttDocument(state.history.present);
      setDraftKept(writeDraft(sub.sub_id, { version: state.base.version, text, at: Date.now() }));
    });
  }, [store, sub.sub_id, offeredDraft]);

  // The player shows the cues as edited, not as saved.
  useEffect(
    () =>
      afterPause(
        store,
        PREVIEW_DELAY_MS,
        (before, after) => before.history.present !== after.history.present,
        () =>
          remote.showCues(
            store.cues().map(({ start, end, text }) => ({ start, end, text })),
            sub.sub_lang,
          ),
      ),
    [store, remote, sub.sub_lang],
  );

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
  }, [store, remote]);
  const shift = useCallback(
    (delta: number) => {
      const chosen = store.state().selection;
      store.edit((d) => shiftCues(d, chosen.size ? [...chosen] : null, delta));
    },
    [store],
  );
  const setLimits = useCallback(
    (limits: CheckLimits) => {
      keepLimits(limits);
      store.update((s) => ({ ...s, limits }));
    },
    [store],
  );
  const onSave = () => void save(store.state().history.present);
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

  const resumeDraft = () => {
    if (!offeredDraft) return;
    // Edited from another version: the save meets the newer one as a conflict and shows what changed.
    setBase({ ...store.state().base, version: offeredDraft.version });
    store.edit(() => parseVttDocument(offeredDraft.text));
    setOfferedDraft(null);
  };

  return (
    <Box onKeyDown={onKeyDown} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}>
      <EditorHeader
        store={store}
        titleId={titleId}
        title={t('title', { language: languageLabel(sub.sub_lang, language, locale) })}
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
          {offeredDraft ? (
            <Alert
              severity="info"
              sx={{ m: 1 }}
              action={
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={resumeDraft}>
                    {t('resume')}
                  </Button>
                  <Button size="small" onClick={() => setOfferedDraft(null)}>
                    {t('discard')}
                  </Button>
                </Stack>
              }
            >
              {t('draftFound', { when: formatAge(new Date(offeredDraft.at).toISOString(), new Date(), locale, '') })}
            </Alert>
          ) : null}
          {!draftKept ? (
            <Alert severity="warning" sx={{ m: 1 }}>
              {t('draftNotKept')}
            </Alert>
          ) : null}
          {loaded.doc.valid ? null : (
            <Alert severity="error" sx={{ m: 1 }}>
              {t('notVtt')}
            </Alert>
          )}
          {empty && loaded.doc.valid ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('noCues')}
            </Typography>
          ) : null}
          <CueList handle={list} store={store} remote={remote} actions={actions} label={t('cues')} />
        </Box>
      </Box>
      {conflict ? (
        <WithPresent store={store}>
          {(mine) => (
            <CueConflictDialog
              fileId={sub.file_id}
              subId={sub.sub_id}
              base={base.doc}
              theirs={conflict.theirs}
              mine={mine}
              busy={busy}
              onKeepMine={() => void save(mine, conflict.version)}
              onTakeTheirs={() => {
                setBase({ doc: conflict.theirs, version: conflict.version });
                store.edit(() => conflict.theirs);
                clearConflict();
              }}
              onClose={() => {
                // The operator's cues stay, on the version saved first: the next Save goes over it.
                setBase({ doc: conflict.theirs, version: conflict.version });
                clearConflict();
              }}
            />
          )}
        </WithPresent>
      ) : null}
    </Box>
  );
}

/** No cue ticked: an edit that adds or removes cues would make the ticked numbers point at other cues. */
const withoutSelection = (state: EditorState): EditorState => (state.selection.size ? { ...state, selection: new Set() } : state);

/** Gives `children` the present document, following its changes. */
function WithPresent({ store, children }: { store: CueStore; children(doc: VttDocument): ReactNode }) {
  return children(useCueStore(store, (s) => s.state().history.present));
}

interface EditorHeaderProps {
  store: CueStore;
  titleId: string;
  title: string;
  busy: boolean;
  onLimits(limits: CheckLimits): void;
  onSave(): void;
  onClose(): void;
}

/** Close, the title, the counts, undo/redo, the shortcut list, the checks' limits and Save. A keystroke repaints it only when what it shows changes (a count, whether there is anything to undo or save). */
const EditorHeader = memo(function EditorHeader({ store, titleId, title, busy, onLimits, onSave, onClose }: EditorHeaderProps) {
  const { t } = useTexts(CUE_TEXTS);
  const cueCount = useCueStore(store, (s) => s.cues().length);
  // How many cues have each problem: the same object while no count changes.
  const counts = useCueStore(store, (s) => s.checks().counts);
  const limits = useCueStore(store, (s) => s.state().limits);
  const canUndo = useCueStore(store, (s) => s.state().history.past.length > 0);
  const canRedo = useCueStore(store, (s) => s.state().history.future.length > 0);
  const dirty = useCueStore(store, isDirty);
  const problemCount = CUE_PROBLEMS.reduce((sum, problem) => sum + counts[problem], 0);
  // Each kind of problem and how many, for the count's tooltip.
  const summary = CUE_PROBLEMS.filter((problem) => counts[problem])
    .map((problem) => `${problemText(t, problem, limits)}: ${counts[problem]}`)
    .join(' · ');
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: { xs: 1, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <IconButton onClick={onClose} aria-label={t('close')} title={t('close')} edge="start">
        <CloseIcon />
      </IconButton>
      <Typography id={titleId} component="h2" variant="h6" sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Tooltip title={summary}>
        <Typography role="status" variant="body2" sx={{ color: problemCount ? 'warning.dark' : 'text.secondary' }}>
          {t('cueCount', { count: cueCount })} · {problemCount ? t('problems', { count: problemCount }) : t('noProblems')}
        </Typography>
      </Tooltip>
      <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
        <IconButton aria-label={t('undo')} title={t('undo')} disabled={!canUndo} onClick={store.undo}>
          <UndoIcon />
        </IconButton>
        <IconButton aria-label={t('redo')} title={t('redo')} disabled={!canRedo} onClick={store.redo}>
          <RedoIcon />
        </IconButton>
        <ShortcutList />
        <LimitsSettings limits={limits} onChange={onLimits} />
        <Button variant="contained" disabled={!dirty || busy} aria-busy={busy} onClick={onSave}>
          {busy ? t('saving') : t('save')}
        </Button>
      </Box>
    </Box>
  );
});

interface VideoPaneProps {
  playerSrc: string | null;
  videoProblem: CueEditorProps['videoProblem'];
  title: string;
  remote: PlayerRemote;
  store: CueStore;
  compact: boolean;
  onAdd(): void;
  onShift(deltaMs: number): void;
}

/** The player (or why there is none), the transport and the shift tools. Memoised: typing in a cue does not repaint it. */
const VideoPane = memo(function VideoPane({ playerSrc, videoProblem, title, remote, store, compact, onAdd, onShift }: VideoPaneProps) {
  const { t } = useTexts(CUE_TEXTS);
  // The player page (its scripts run on this page's thread when it is same-origin) loads once the cues
  // are painted: the operator reads the cues first, and a long track opens as fast as a short one.
  const [cuesPainted, setCuesPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setCuesPainted(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0, overflowY: { md: 'auto' } }}>
      {playerSrc ? (
        <Box
          component="iframe"
          ref={remote.frame}
          src={cuesPainted ? playerSrc : undefined}
          title={t('videoTitle', { title })}
          allow="autoplay; fullscreen"
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 9',
            maxHeight: { xs: '32vh', md: '60vh' },
            border: 0,
            borderRadius: 1,
            bgcolor: '#000',
          }}
        />
      ) : (
        <Alert severity="info">{t(videoProblem ?? 'noVideo')}</Alert>
      )}
      <Transport remote={remote} onAdd={onAdd}>
        <ShiftTools compact={compact} store={store} onShift={onShift} />
      </Transport>
    </Box>
  );
});

/** Play/pause, back 2 s, the playhead, and a new cue at it. The playhead repaints only this bar. */
function Transport({ remote, onAdd, children }: { remote: PlayerRemote; onAdd(): void; children: ReactNode }) {
  const { t } = useTexts(CUE_TEXTS);
  const paused = usePlayhead(remote, (playhead) => playhead.paused);
  const time = usePlayhead(remote, (playhead) => showTime(playhead.time));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <IconButton aria-label={paused ? t('play') : t('pause')} title={paused ? t('play') : t('pause')} onClick={remote.toggle}>
        {paused ? <PlayArrowIcon /> : <PauseIcon />}
      </IconButton>
      <IconButton aria-label={t('back2s')} title={t('back2s')} onClick={() => remote.seek(remote.current().time - 2000)}>
        <ReplayIcon />
      </IconButton>
      <Typography component="output" aria-label={t('playhead')} sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {time}
      </Typography>
      <Button startIcon={<AddIcon />} onClick={onAdd} sx={{ ml: 'auto' }}>
        {t('addCue')}
      </Button>
      {children}
    </Box>
  );
}

/** Shift all cues, or the selected ones, by ± N ms: in place on a wide screen, behind a button on a phone (the list needs the height). */
function ShiftTools({ compact, store, onShift }: { compact: boolean; store: CueStore; onShift(deltaMs: number): void }) {
  const { t } = useTexts(CUE_TEXTS);
  const selected = useCueStore(store, (s) => s.state().selection.size);
  const [typed, setTyped] = useState('100');
  const ms = /^\d{1,7}$/.test(typed.trim()) ? Number(typed.trim()) : null;
  const tools = (
    <Box
      role="group"
      aria-label={t('shiftBy')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: compact ? 2 : 0, flexBasis: compact ? undefined : '100%' }}
    >
      <Typography component="label" variant="body2">
        {t('shiftBy')}{' '}
        <InputBase
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          inputProps={{ inputMode: 'numeric', 'aria-invalid': ms === null || undefined, size: 6 }}
          sx={{
            px: 0.75,
            minHeight: 32,
            border: 1,
            borderColor: ms === null ? 'error.main' : 'divider',
            borderRadius: 1,
            '& input': { width: '7ch' },
          }}
        />
      </Typography>
      <Button size="small" variant="outlined" disabled={!ms} onClick={() => onShift(-ms!)}>
        {t('shiftEarlier')}
      </Button>
      <Button size="small" variant="outlined" disabled={!ms} onClick={() => onShift(ms!)}>
        {t('shiftLater')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {selected ? t('shiftSelected', { count: selected }) : t('shiftAll')}
      </Typography>
    </Box>
  );
  return compact ? <PopoverButton label={t('shift')}>{tools}</PopoverButton> : tools;
}

/** The visible list of keyboard shortcuts. */
function ShortcutList() {
  const { t } = useTexts(CUE_TEXTS);
  const labels = {
    play: t('shortcutPlay'),
    back: t('shortcutBack'),
    start: t('shortcutStart'),
    end: t('shortcutEnd'),
    new: t('shortcutNew'),
    undo: t('shortcutUndo'),
    redo: t('shortcutRedo'),
  };
  return (
    <PopoverButton label={t('shortcuts')} icon={<KeyboardIcon />}>
      <Box
        component="dl"
        aria-label={t('shortcuts')}
        sx={{ m: 0, p: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, maxWidth: 360 }}
      >
        {[...SHORTCUTS.map(({ action, keys }) => [keys, labels[action]] as const), ['Ctrl+I / B / U', t('shortcutTags')] as const].map(
          ([keys, label]) => (
            <Box key={keys} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                {keys}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {label}
              </Box>
            </Box>
          ),
        )}
      </Box>
    </PopoverButton>
  );
}

/** The two configurable limits of the checks. */
function LimitsSettings({ limits, onChange }: { limits: CheckLimits; onChange(limits: CheckLimits): void }) {
  const { t } = useTexts(CUE_TEXTS);
  const field = (key: keyof CheckLimits, label: string) => (
    <Typography component="label" variant="body2" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'center' }}>
      {label}
      <InputBase
        type="number"
        value={limits[key] || DEFAULT_LIMITS[key]}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (Number.isInteger(value) && value > 0) onChange({ ...limits, [key]: value });
        }}
        inputProps={{ min: 1, max: 999 }}
        sx={{ px: 0.75, minHeight: 32, border: 1, borderColor: 'divider', borderRadius: 1, '& input': { width: '6ch' } }}
      />
    </Typography>
  );
  return (
    <PopoverButton label={t('checks')} icon={<SettingsIcon />}>
      <Stack spacing={1.5} sx={{ p: 2 }} role="group" aria-label={t('checks')}>
        {field('maxCps', t('maxCps'))}
        {field('maxLine', t('maxLine'))}
      </Stack>
    </PopoverButton>
  );
}
