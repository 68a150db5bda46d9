import { Alert, Box, Button, IconButton, InputBase, Stack, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  editCue,
  parseVttDocument,
  serializeVttDocument,
  vttCues,
  type CueChange,
  type VttCue,
  type VttDocument,
} from '../../../contract/subtitle-text/vtt-document';
import type { Subtitle } from '../../api/schemas';
import { formatAge } from '../../i18n/format';
import { languageLabel } from '../../i18n/languages';
import { useTexts } from '../../i18n/texts';
import { CloseIcon, KeyboardIcon, PauseIcon, PlayArrowIcon, RedoIcon, ReplayIcon, SettingsIcon, UndoIcon, AddIcon } from '../../ui/icons';
import { checkCues, CUE_PROBLEMS, DEFAULT_LIMITS, type CheckLimits, type CheckResult } from './cue-checks';
import { CueConflictDialog } from './cue-conflict-dialog';
import { cueIndexForTime, insertCue, mergeWithNext, removeCue, shiftCues, splitCue } from './cue-document';
import { readDraft, writeDraft, type CueDraft } from './cue-draft';
import type { Loaded } from './cue-editor-dialog';
import { CueList, type CueListHandle } from './cue-list';
import { problemText, type CueRowActions } from './cue-row';
import { PopoverButton } from './popover-button';
import { showTime } from './cue-time';
import { record, redo, startHistory, undo, type History } from './edit-history';
import { usePlayerRemote, usePlayhead, type PlayerRemote } from './player-remote';
import { useCheckLimits } from './use-check-limits';
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
 * Every edit is a new document in the undo history; the draft goes to localStorage as the operator
 * types; Save sends the whole text on the version it was read at.
 */
export function CueEditor({ sub, titleId, loaded, playerSrc, videoProblem, onClose, onSaved }: CueEditorProps) {
  const { t, language, locale } = useTexts(CUE_TEXTS);
  const [base, setBase] = useState<Base>({ doc: loaded.doc, version: loaded.version });
  const [history, setHistory] = useState<History<VttDocument>>(() => startHistory(loaded.doc));
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [focusedCue, setFocusedCue] = useState(-1);
  const [offeredDraft, setOfferedDraft] = useState<CueDraft | null>(() => {
    const draft = readDraft(sub.sub_id);
    return draft && draft.text !== serializeVttDocument(loaded.doc) ? draft : null;
  });
  const [draftKept, setDraftKept] = useState(true);
  const [limits, setLimits] = useCheckLimits();
  const list = useRef<CueListHandle>(null);
  const phone = useMediaQuery('(max-width:599.98px)');
  const remote = usePlayerRemote(playerSrc);
  const doc = history.present;
  const cues = useMemo(() => vttCues(doc), [doc]);
  // The last check, so that a keystroke re-checks only the cue it changed.
  const lastCheck = useRef<{ cues: readonly VttCue[]; limits: CheckLimits; result: CheckResult } | null>(null);
  const checks = useMemo(() => {
    const before = lastCheck.current?.limits === limits ? lastCheck.current : undefined;
    const result = checkCues(cues, limits, before);
    lastCheck.current = { cues, limits, result };
    return result;
  }, [cues, limits]);
  const dirty = doc !== base.doc;

  const apply = useCallback((edit: (doc: VttDocument) => VttDocument, typingKey: string | null = null) => {
    setHistory((h) => record(h, edit(h.present), typingKey));
  }, []);

  const { save, busy, conflict, clearConflict } = useCueSave({
    sub,
    base,
    onStored: (stored, adopt) => {
      setBase(stored);
      if (adopt) setHistory((h) => record(h, stored.doc));
      else setHistory((h) => ({ ...h, last: null }));
    },
    onSaved,
    onGone: onClose,
  });

  // The draft, a pause after the last edit; none once the text is the server's again.
  useEffect(() => {
    if (!dirty || offeredDraft) return;
    const timer = setTimeout(
      () => setDraftKept(writeDraft(sub.sub_id, { version: base.version, text: serializeVttDocument(doc), at: Date.now() })),
      DRAFT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [doc, dirty, base.version, sub.sub_id, offeredDraft]);

  // The player shows the cues as edited, not as saved.
  useEffect(() => {
    const timer = setTimeout(
      () =>
        remote.showCues(
          cues.map(({ start, end, text }) => ({ start, end, text })),
          sub.sub_lang,
        ),
      PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [cues, remote, sub.sub_lang]);

  const active = usePlayhead(remote, (playhead) => activeCue(cues, playhead.time));
  // The cue a key or button acts on: the one being edited, else the one playing.
  const target = () => (focusedCue >= 0 && focusedCue < cues.length ? focusedCue : activeCue(cues, remote.current().time));

  const actions: CueRowActions = useMemo(
    () => ({
      change: (index: number, change: CueChange, typingKey?: string) => apply((d) => editCue(d, index, change), typingKey ?? null),
      seekTo: (ms: number) => remote.seek(ms),
      fromPlayhead: (index: number, which: 'start' | 'end') => apply((d) => editCue(d, index, { [which]: remote.current().time })),
      split: (index: number) => {
        setSelection(new Set());
        apply((d) => splitCue(d, index, remote.current().time));
      },
      merge: (index: number) => {
        setSelection(new Set());
        apply((d) => mergeWithNext(d, index));
      },
      remove: (index: number) => {
        setSelection(new Set());
        apply((d) => removeCue(d, index));
      },
      toggleSelected: (index: number) =>
        setSelection((s) => {
          const next = new Set(s);
          if (!next.delete(index)) next.add(index);
          return next;
        }),
      focused: setFocusedCue,
    }),
    [apply, remote],
  );

  // What the memoised tools read when used, so that typing does not repaint them.
  const latest = useRef({ doc, selection, save: (_doc: VttDocument) => {} });
  useEffect(() => {
    latest.current = { doc, selection, save: (edited) => void save(edited) };
  });
  const addAtPlayhead = useCallback(() => {
    const start = remote.current().time;
    const index = cueIndexForTime(latest.current.doc, start);
    setSelection(new Set());
    apply((d) => insertCue(d, index, { start, end: start + NEW_CUE_MS, text: '' }));
    list.current?.focusText(index);
  }, [apply, remote]);
  const shift = useCallback(
    (delta: number) => {
      const { selection: chosen } = latest.current;
      apply((d) => shiftCues(d, chosen.size ? [...chosen] : null, delta));
    },
    [apply],
  );
  const onUndo = useCallback(() => setHistory(undo), []);
  const onRedo = useCallback(() => setHistory(redo), []);
  const onSave = useCallback(() => latest.current.save(latest.current.doc), []);
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
    else if (action === 'undo') setHistory(undo);
    else setHistory(redo);
  };

  const resumeDraft = () => {
    if (!offeredDraft) return;
    // Edited from another version: the save meets the newer one as a conflict and shows what changed.
    setBase((b) => ({ ...b, version: offeredDraft.version }));
    apply(() => parseVttDocument(offeredDraft.text));
    setOfferedDraft(null);
  };

  return (
    <Box onKeyDown={onKeyDown} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflow: 'hidden' }}>
      <EditorHeader
        titleId={titleId}
        title={t('title', { language: languageLabel(sub.sub_lang, language, locale) })}
        cueCount={cues.length}
        counts={checks.counts}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        canSave={dirty && !busy}
        busy={busy}
        limits={limits}
        onLimits={setLimits}
        onUndo={onUndo}
        onRedo={onRedo}
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
          compact={phone}
          selected={selection.size}
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
          {cues.length === 0 && loaded.doc.valid ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('noCues')}
            </Typography>
          ) : null}
          <CueList
            handle={list}
            cues={cues}
            checks={checks}
            limits={limits}
            selection={selection}
            active={active}
            actions={actions}
            label={t('cues')}
          />
        </Box>
      </Box>
      {conflict ? (
        <CueConflictDialog
          fileId={sub.file_id}
          subId={sub.sub_id}
          base={base.doc}
          theirs={conflict.theirs}
          mine={doc}
          busy={busy}
          onKeepMine={() => void save(doc, conflict.version)}
          onTakeTheirs={() => {
            setBase({ doc: conflict.theirs, version: conflict.version });
            apply(() => conflict.theirs);
            clearConflict();
          }}
          onClose={() => {
            // The operator's cues stay, on the version saved first: the next Save goes over it.
            setBase({ doc: conflict.theirs, version: conflict.version });
            clearConflict();
          }}
        />
      ) : null}
    </Box>
  );
}

interface EditorHeaderProps {
  titleId: string;
  title: string;
  cueCount: number;
  /** How many cues have each problem: the same object while no count changes. */
  counts: CheckResult['counts'];
  canUndo: boolean;
  canRedo: boolean;
  canSave: boolean;
  busy: boolean;
  limits: CheckLimits;
  onLimits(limits: CheckLimits): void;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
  onClose(): void;
}

/** Close, the title, the counts, undo/redo, the shortcut list, the checks' limits and Save. Memoised: a keystroke repaints it only when a count changes. */
const EditorHeader = memo(function EditorHeader(props: EditorHeaderProps) {
  const { t } = useTexts(CUE_TEXTS);
  const problemCount = CUE_PROBLEMS.reduce((sum, problem) => sum + props.counts[problem], 0);
  // Each kind of problem and how many, for the count's tooltip.
  const summary = CUE_PROBLEMS.filter((problem) => props.counts[problem])
    .map((problem) => `${problemText(t, problem, props.limits)}: ${props.counts[problem]}`)
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
      <IconButton onClick={props.onClose} aria-label={t('close')} title={t('close')} edge="start">
        <CloseIcon />
      </IconButton>
      <Typography id={props.titleId} component="h2" variant="h6" sx={{ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' }}>
        {props.title}
      </Typography>
      <Tooltip title={summary}>
        <Typography role="status" variant="body2" sx={{ color: problemCount ? 'warning.dark' : 'text.secondary' }}>
          {t('cueCount', { count: props.cueCount })} · {problemCount ? t('problems', { count: problemCount }) : t('noProblems')}
        </Typography>
      </Tooltip>
      <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
        <IconButton aria-label={t('undo')} title={t('undo')} disabled={!props.canUndo} onClick={props.onUndo}>
          <UndoIcon />
        </IconButton>
        <IconButton aria-label={t('redo')} title={t('redo')} disabled={!props.canRedo} onClick={props.onRedo}>
          <RedoIcon />
        </IconButton>
        <ShortcutList />
        <LimitsSettings limits={props.limits} onChange={props.onLimits} />
        <Button variant="contained" disabled={!props.canSave} aria-busy={props.busy} onClick={props.onSave}>
          {props.busy ? t('saving') : t('save')}
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
  compact: boolean;
  selected: number;
  onAdd(): void;
  onShift(deltaMs: number): void;
}

/** The player (or why there is none), the transport and the shift tools. Memoised: typing in a cue does not repaint it. */
const VideoPane = memo(function VideoPane({ playerSrc, videoProblem, title, remote, compact, selected, onAdd, onShift }: VideoPaneProps) {
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
        <ShiftTools compact={compact} selected={selected} onShift={onShift} />
      </Transport>
    </Box>
  );
});

/** The cue under the playhead: the first whose time range holds it (by range, not start alone), -1 when none. */
export function activeCue(cues: readonly { start: number; end: number }[], time: number): number {
  return cues.findIndex((cue) => cue.start <= time && time < cue.end);
}

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
function ShiftTools({ compact, selected, onShift }: { compact: boolean; selected: number; onShift(deltaMs: number): void }) {
  const { t } = useTexts(CUE_TEXTS);
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
