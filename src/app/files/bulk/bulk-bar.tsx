import { Box, Button, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { CloseIcon } from '../../ui/icons';
import { bulkWarning } from './bulk';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

export interface BulkBarProps<A extends string> {
  /** The actions offered (the files list: Activate, Deactivate; the trash: Restore, Delete forever). */
  options: readonly { value: A; label: string }[];
  action: A | '';
  selectedCount: number;
  /** What is selected, in words, when it is more than the count (every file a filter matches). */
  label?: string | undefined;
  busy: boolean;
  onActionChange(action: A | ''): void;
  onApply(): void;
  onClear(): void;
}

/**
 * The contextual bulk toolbar: it takes the place of the list's header while rows are selected, right
 * above the checkboxes, and says how many. Apply is enabled once an action is chosen.
 */
export function BulkBar<A extends string>({
  options,
  action,
  selectedCount,
  label,
  busy,
  onActionChange,
  onApply,
  onClear,
}: BulkBarProps<A>) {
  const ready = bulkWarning(action, selectedCount) === null;
  const { t } = useTexts(FILES_TEXTS);
  return (
    <Box
      role="toolbar"
      aria-label={t('bulkActions')}
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        minHeight: 56,
        boxSizing: 'border-box',
        px: 1.5,
        py: 0.5,
        borderRadius: 1,
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(100, 181, 246, 0.14)' : '#e3f2fd',
      })}
    >
      <Typography role="status" sx={{ fontWeight: 500, mr: 'auto' }}>
        {label ?? t('selected', { count: selectedCount })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('bulkAction')}
        value={action}
        disabled={busy}
        sx={{ minWidth: 160, bgcolor: 'background.paper' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(e) => onActionChange(e.target.value as A | '')}
      >
        <MenuItem value="">{t('selectAction')}</MenuItem>
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        disabled={!ready || busy}
        onClick={onApply}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {t('apply')}
      </Button>
      <Button onClick={onClear} disabled={busy} startIcon={<CloseIcon />}>
        {t('clear')}
      </Button>
    </Box>
  );
}
