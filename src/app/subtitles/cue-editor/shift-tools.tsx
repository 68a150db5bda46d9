import { Box, Button, InputBase, Typography } from '@mui/material';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts';
import { useCueStore, type CueStore } from './cue-store';
import { PopoverButton } from './popover-button';
import { CUE_TEXTS } from './texts';

/** Shift all cues, or the selected ones, by ± N ms: in place on a wide screen, behind a button on a phone (the list needs the height). */
export function ShiftTools({ compact, store, onShift }: { compact: boolean; store: CueStore; onShift(deltaMs: number): void }) {
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
