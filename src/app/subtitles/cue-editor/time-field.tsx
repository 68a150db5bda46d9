import { InputBase } from '@mui/material';
import { useState } from 'react';
import { useTexts } from '../../i18n/texts';
import { parseTime, showTime } from './cue-time';
import { CUE_TEXTS } from './texts';

/** A time typed as mm:ss.ttt, applied when the field is left or Enter is pressed; a time that does not parse is flagged and not applied. */
export function TimeField({ label, ms, onCommit }: { label: string; ms: number; onCommit(ms: number): void }) {
  const { t } = useTexts(CUE_TEXTS);
  const [typed, setTyped] = useState<string | null>(null);
  const bad = typed !== null && parseTime(typed) === null;
  const commit = () => {
    if (typed === null) return;
    const value = parseTime(typed);
    if (value === null) return;
    setTyped(null);
    if (value !== ms) onCommit(value);
  };
  return (
    <InputBase
      value={typed ?? showTime(ms)}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        else if (event.key === 'Escape' && typed !== null) {
          event.stopPropagation();
          setTyped(null);
        }
      }}
      inputProps={{
        'aria-label': label,
        'aria-invalid': bad || undefined,
        title: bad ? t('badTime') : label,
        inputMode: 'decimal',
        size: 9,
      }}
      sx={{
        px: 0.5,
        minHeight: 32,
        border: 1,
        borderColor: bad ? 'error.main' : 'divider',
        borderRadius: 1,
        fontVariantNumeric: 'tabular-nums',
        // Both times and their buttons fit one line at 360 px.
        fontSize: '0.875rem',
        '&.Mui-focused': { borderColor: 'primary.main' },
        '& input': { p: 0, width: '9ch' },
      }}
    />
  );
}
