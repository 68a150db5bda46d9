import { Button, CircularProgress, MenuItem, Stack, TextField } from '@mui/material';
import { bulkWarning, type BulkAction } from './bulk';

export interface BulkBarProps {
  action: BulkAction;
  selectedCount: number;
  busy: boolean;
  onActionChange(action: BulkAction): void;
  onApply(): void;
}

/** The footer's bulk action: Apply is enabled once rows and an action are chosen (spec §2). */
export function BulkBar({ action, selectedCount, busy, onActionChange, onApply }: BulkBarProps) {
  const ready = bulkWarning(action, selectedCount) === null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <TextField
        select
        size="small"
        label="Bulk action"
        value={action}
        disabled={busy}
        sx={{ minWidth: 170 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(e) => onActionChange(e.target.value as BulkAction)}
      >
        <MenuItem value="">Select Action</MenuItem>
        <MenuItem value="activate">Activate</MenuItem>
        <MenuItem value="deactivate">Deactivate</MenuItem>
      </TextField>
      <Button
        variant="contained"
        disabled={!ready || busy}
        onClick={onApply}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        Apply
      </Button>
    </Stack>
  );
}
