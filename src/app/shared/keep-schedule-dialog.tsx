import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import type { VideoFile } from '../api/schemas';
import { formatDateTime } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { UI_TEXTS } from '../ui/texts';
import { KEEP_SCHEDULE_TEXTS } from './keep-schedule-texts';

export interface KeepScheduleDialogProps {
  open: boolean;
  /** The file asked about (null once answered: the dialog closes with its transition). */
  file: VideoFile | null;
  onKeep(): void;
  onClear(): void;
  onClose(): void;
}

/**
 * Asked when an operator changes Active on a file that has a schedule (the editor's form, the list's
 * switch): the schedule would undo (or repeat) the change at its time, so they choose to keep it or
 * clear it with this change. Its own chunk (LazyKeepScheduleDialog).
 */
export function KeepScheduleDialog({ open, file, onKeep, onClear, onClose }: KeepScheduleDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { t, locale } = useTexts(KEEP_SCHEDULE_TEXTS);
  const ui = useTexts(UI_TEXTS).t;
  const times = [
    file?.activate_at ? t('activate', { when: formatDateTime(file.activate_at, locale) }) : null,
    file?.deactivate_at ? t('deactivate', { when: formatDateTime(file.deactivate_at, locale) }) : null,
  ].filter((time) => time !== null);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('text', { times: times.join(', ') })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{ui('cancel')}</Button>
        <Button onClick={onClear}>{t('clear')}</Button>
        <Button onClick={onKeep} variant="contained" autoFocus>
          {t('keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
