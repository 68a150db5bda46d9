import { Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { memo } from 'react';
import { FILE_STATUSES } from '../file-status';
import type { ListState } from './list-query';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

export interface FileFiltersProps {
  fileStatus: string;
  isActive: ListState['isActive'];
  scheduled: ListState['scheduled'];
  /** `card`: the left card of a wide screen; `inline`: two selects in the list's own header. */
  variant: 'card' | 'inline';
  onChange(patch: Partial<Pick<ListState, 'file_status' | 'isActive' | 'scheduled'>>): void;
}

const selectSlots = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** The File Status, Active and Schedule filters. An empty value means "all". */
export const FileFilters = memo(function FileFilters({ fileStatus, isActive, scheduled, variant, onChange }: FileFiltersProps) {
  const inline = variant === 'inline';
  const { t } = useTexts(FILES_TEXTS);
  const selects = (
    <Stack
      direction={inline ? 'row' : 'column'}
      spacing={inline ? 0 : 2}
      // Inline, the three wrap two and one on a phone's width (360 px) rather than squeeze their labels.
      sx={inline ? { flex: { md: '0 1 480px' }, flexWrap: 'wrap', gap: 1.5, '& > *': { flex: '1 1 120px' } } : undefined}
    >
      <TextField
        select
        fullWidth
        size="small"
        label={t('fileStatus')}
        value={fileStatus}
        slotProps={selectSlots}
        onChange={(e) => onChange({ file_status: e.target.value })}
      >
        <MenuItem value="">{t('allStatus')}</MenuItem>
        {FILE_STATUSES.map((status) => (
          <MenuItem key={status.code} value={String(status.code)}>
            {t(status.name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth
        size="small"
        label={t('activeFilter')}
        value={isActive}
        slotProps={selectSlots}
        onChange={(e) => onChange({ isActive: e.target.value as ListState['isActive'] })}
      >
        <MenuItem value="">{t('all')}</MenuItem>
        <MenuItem value="1">{t('active')}</MenuItem>
        <MenuItem value="0">{t('inactive')}</MenuItem>
      </TextField>
      <TextField
        select
        fullWidth
        size="small"
        label={t('scheduleFilter')}
        value={scheduled}
        slotProps={selectSlots}
        onChange={(e) => onChange({ scheduled: e.target.value as ListState['scheduled'] })}
      >
        <MenuItem value="">{t('all')}</MenuItem>
        <MenuItem value="1">{t('scheduledOnly')}</MenuItem>
      </TextField>
    </Stack>
  );
  if (inline) return selects;
  return (
    <Card component="aside" aria-labelledby="vp-file-filters-title">
      <CardContent>
        <Typography id="vp-file-filters-title" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('filters')}
        </Typography>
        {selects}
      </CardContent>
    </Card>
  );
});
