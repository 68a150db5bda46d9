import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { memo } from 'react';
import { useTexts } from '../../i18n/texts';
import { CallMergeIcon, CallSplitIcon, DeleteIcon, TimerIcon } from '../../ui/icons';
import type { CueRowActions } from './cue-row';
import { CUE_TEXTS } from './texts';
import { TimeField } from './time-field';

/**
 * The row's icon buttons, without MUI's ripple: each ripple is a clipped layer of its own, five a row,
 * that every frame of the editor (a key typed in any cue) sorts again. The theme's focus ring stays.
 */
const ROW_BUTTON = { size: 'small', disableRipple: true } as const;

/**
 * A cue's number (a click seeks there), its selection, start and end with their playhead buttons, and
 * split, merge, delete. Its own memo: typing in the cue's text does not repaint it.
 */
export const CueBar = memo(function CueBar({
  index,
  start,
  end,
  isLast,
  selected,
  actions,
}: {
  index: number;
  start: number;
  end: number;
  isLast: boolean;
  selected: boolean;
  actions: CueRowActions;
}) {
  const { t } = useTexts(CUE_TEXTS);
  const number = index + 1;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.25, rowGap: 0.5 }}>
      {/* The browser's own checkbox: MUI's would be shared with the list's and land in the editor's first load. */}
      <Box
        component="input"
        type="checkbox"
        checked={selected}
        onChange={() => actions.toggleSelected(index)}
        aria-label={t('select', { number })}
        sx={(theme) => ({
          width: 24,
          height: 24,
          m: 0.5,
          accentColor: theme.palette.primary.main,
          colorScheme: theme.palette.mode,
          cursor: 'pointer',
        })}
      />
      <Tooltip title={t('goTo', { number })}>
        <Box
          component="button"
          type="button"
          onClick={() => actions.seekTo(start)}
          aria-label={t('goTo', { number })}
          sx={{
            minWidth: 32,
            minHeight: 32,
            border: 0,
            borderRadius: 1,
            bgcolor: 'action.hover',
            color: 'text.primary',
            font: 'inherit',
            fontVariantNumeric: 'tabular-nums',
            cursor: 'pointer',
          }}
        >
          {number}
        </Box>
      </Tooltip>
      <TimeField label={t('start')} ms={start} onCommit={(ms) => actions.change(index, { start: ms })} />
      <IconButton {...ROW_BUTTON} aria-label={t('setStart')} title={t('setStart')} onClick={() => actions.fromPlayhead(index, 'start')}>
        <TimerIcon fontSize="small" />
      </IconButton>
      {/* From start to end: pointing the way the row reads. */}
      <Typography
        aria-hidden
        component="span"
        sx={(theme) => ({ color: 'text.secondary', transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined })}
      >
        →
      </Typography>
      <TimeField label={t('end')} ms={end} onCommit={(ms) => actions.change(index, { end: ms })} />
      <IconButton {...ROW_BUTTON} aria-label={t('setEnd')} title={t('setEnd')} onClick={() => actions.fromPlayhead(index, 'end')}>
        <TimerIcon fontSize="small" sx={{ transform: 'scaleX(-1)' }} />
      </IconButton>
      <Box sx={{ display: 'flex', ml: 'auto' }}>
        <IconButton {...ROW_BUTTON} aria-label={t('split', { number })} title={t('split', { number })} onClick={() => actions.split(index)}>
          <CallSplitIcon fontSize="small" />
        </IconButton>
        <IconButton
          {...ROW_BUTTON}
          aria-label={t('merge', { number })}
          title={t('merge', { number })}
          disabled={isLast}
          onClick={() => actions.merge(index)}
        >
          <CallMergeIcon fontSize="small" />
        </IconButton>
        <IconButton
          {...ROW_BUTTON}
          aria-label={t('delete', { number })}
          title={t('delete', { number })}
          onClick={() => actions.remove(index)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
    </Box>
  );
});
