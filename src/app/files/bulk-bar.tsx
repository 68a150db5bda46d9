import { Box, Button, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { CloseIcon } from '../ui/icons';
import { bulkWarning, type BulkAction } from './bulk';
import { useTexts } from '../i18n/texts';
import { FILES_TEXTS } from './texts';

export interface BulkBarProps {
  action: BulkAction;
  selectedCount: number;
  busy: boolean;
  onActionChange(action: BulkAction): void;
  onApply(): void;
  onClear(): void;
}

/**
 * The contextual bulk toolbar: it takes the place of the list's header while rows are selected, right
 * above the checkboxes, and says how many. Apply is enabled once an action is chosen.
 */
export function BulkBar({ action, selectedCount, busy, onActionChange, onApply, onClear }: BulkBarProps) {
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
        {t('selected', { count: selectedCount })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('bulkAction')}
        value={action}
        disabled={busy}
        sx={{ minWidth: 160, bgcolor: 'background.paper' }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(e) => onActionChange(e.target.value as BulkAction)}
      >
        <MenuItem value="">{t('selectAction')}</MenuItem>
        <MenuItem value="activate">{t('activate')}</MenuItem>
        <MenuItem value="deactivate">{t('deactivate')}</MenuItem>
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
