import { Box, Button, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTexts } from '../../i18n/texts';
import { AddIcon, PauseIcon, PlayArrowIcon, ReplayIcon } from '../../ui/icons';
import { showTime } from './cue-time';
import { usePlayhead, type PlayerRemote } from '../../shared/player-remote';
import { CUE_TEXTS } from './texts';

/** Play/pause, back 2 s, the playhead, and a new cue at it. The playhead repaints only this bar. */
export function Transport({ remote, onAdd, children }: { remote: PlayerRemote; onAdd(): void; children: ReactNode }) {
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
