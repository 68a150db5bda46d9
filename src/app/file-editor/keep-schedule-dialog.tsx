import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { VideoFile } from '../api/schemas';
import { formatDateTime } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { UI_TEXTS } from '../ui/texts';
import { SCHEDULE_TEXTS } from './schedule-texts';

export interface KeepScheduleDialogProps {
  open: boolean;
  file: VideoFile;
  onKeep(): void;
  onClear(): void;
  onClose(): void;
}

/**
 * Asked when an operator changes Active on a file that has a schedule: the schedule would undo (or
 * repeat) the change at its time, so they choose to keep it or clear it with this save. Its own chunk.
 */
export default function KeepScheduleDialog({ open, file, onKeep, onClear, onClose }: KeepScheduleDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { t, locale } = useTexts(SCHEDULE_TEXTS);
  const ui = useTexts(UI_TEXTS).t;
  const times = [
    file.activate_at ? t('keepActivate', { when: formatDateTime(file.activate_at, locale) }) : null,
    file.deactivate_at ? t('keepDeactivate', { when: formatDateTime(file.deactivate_at, locale) }) : null,
  ].filter((time) => time !== null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('keepTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('keepText', { times: times.join(', ') })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{ui('cancel')}</Button>
        <Button onClick={onClear}>{t('clearAndSave')}</Button>
        <Button onClick={onKeep} variant="contained" autoFocus>
          {t('keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
