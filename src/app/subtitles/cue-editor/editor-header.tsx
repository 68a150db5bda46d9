import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { memo } from 'react';
import { useTexts } from '../../i18n/texts';
import { CloseIcon, RedoIcon, UndoIcon } from '../../ui/icons';
import { CUE_PROBLEMS, type CheckLimits } from './cue-checks';
import { problemText } from './cue-row';
import { isDirty, useCueStore, type CueStore } from './cue-store';
import { LimitsSettings } from './limits-settings';
import { ShortcutList } from './shortcut-list';
import { CUE_TEXTS } from './texts';

interface EditorHeaderProps {
  store: CueStore;
  titleId: string;
  title: string;
  busy: boolean;
  onLimits(limits: CheckLimits): void;
  onSave(): void;
  onClose(): void;
}

/**
 * Close, the title, the counts, undo/redo, the shortcut list, the checks' limits and Save. A keystroke
 * repaints it only when what it shows changes (whether there is anything to undo or save); a count that
 * changes repaints the counts alone (EditorStatus), not the buttons and menus beside them.
 */
export const EditorHeader = memo(function EditorHeader({ store, titleId, title, busy, onLimits, onSave, onClose }: EditorHeaderProps) {
  const { t } = useTexts(CUE_TEXTS);
  const limits = useCueStore(store, (s) => s.state().limits);
  const canUndo = useCueStore(store, (s) => s.state().history.past.length > 0);
  const canRedo = useCueStore(store, (s) => s.state().history.future.length > 0);
  const dirty = useCueStore(store, isDirty);
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
      <EditorStatus store={store} />
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

/** How many cues and problems, each kind of problem in the tooltip. Typing repaints it when a count changes (a problem made or mended), and nothing else with it. */
const EditorStatus = memo(function EditorStatus({ store }: { store: CueStore }) {
  const { t } = useTexts(CUE_TEXTS);
  const cueCount = useCueStore(store, (s) => s.cues().length);
  // How many cues have each problem: the same object while no count changes.
  const counts = useCueStore(store, (s) => s.checks().counts);
  const limits = useCueStore(store, (s) => s.state().limits);
  const problemCount = CUE_PROBLEMS.reduce((sum, problem) => sum + counts[problem], 0);
  // Each kind of problem and how many, for the count's tooltip.
  const summary = CUE_PROBLEMS.filter((problem) => counts[problem])
    .map((problem) => `${problemText(t, problem, limits)}: ${counts[problem]}`)
    .join(' · ');
  return (
    <Tooltip title={summary}>
      <Typography role="status" variant="body2" sx={{ color: problemCount ? 'warning.dark' : 'text.secondary' }}>
        {t('cueCount', { count: cueCount })} · {problemCount ? t('problems', { count: problemCount }) : t('noProblems')}
      </Typography>
    </Tooltip>
  );
});
