import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { getFileActivity, type ActivityEntry } from '../api/activity';
import { useApi } from '../api/use-api';
import { formatAge } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { CONFLICT_TEXTS } from './conflict-texts';

/** One field both sides changed: its label, the value saved now and the value the operator typed, as shown. */
export interface ConflictRow {
  field: string;
  label: string;
  theirs: ReactNode;
  mine: ReactNode;
}

export interface ConflictDialogProps {
  /** What was edited: picks the dialog's title. */
  subject: 'file' | 'subtitle';
  /** The file whose activity log tells who made the change (a subtitle's file for a subtitle). */
  fileId: number;
  rows: readonly ConflictRow[];
  /** Whether an entry of the log is the change that conflicts; the newest such entry is shown. */
  isChange(entry: ActivityEntry): boolean;
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  /** Closed without choosing: the form keeps the operator's values, on the server's current version. */
  onClose(): void;
}

/** How many recent entries are searched for the change that conflicts. */
const RECENT = 20;

/**
 * 'Keep mine' or 'Take theirs' after a save found the same fields changed elsewhere (decision D33): each
 * field's value as saved now and as typed, and who saved it when (the newest matching entry of the file's
 * activity log). One dialog for every edit form; each form's own chunk maps its fields to rows.
 */
export function ConflictDialog({ subject, fileId, rows, isChange, busy, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { t, locale } = useTexts(CONFLICT_TEXTS);
  const change = useLatestChange(fileId, rows.map((row) => row.field).join(), isChange);
  const sources: Record<string, string> = {
    panel: t('sourcePanel'),
    api: t('sourceApi'),
    pipeline: t('sourcePipeline'),
    cli: t('sourceCli'),
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(subject === 'file' ? 'title' : 'subtitleTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {change
            ? t('changedBy', {
                actor: change.actor,
                when: formatAge(change.at, new Date(), locale, t('justNow')),
                source: sources[change.source] ?? change.source,
              })
            : t('changedBySomeone')}
        </DialogContentText>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell component="th">{t('field')}</TableCell>
              <TableCell component="th">{t('theirs')}</TableCell>
              <TableCell component="th">{t('mine')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.theirs}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.mine}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('keepEditing')}
        </Button>
        <Button onClick={onTakeTheirs} disabled={busy} variant="outlined">
          {t('takeTheirs')}
        </Button>
        <Button onClick={onKeepMine} disabled={busy} variant="contained" autoFocus>
          {t('keepMine')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The newest entry of the file's log that `isChange` picks, read again when the conflicting fields change; null until read. */
function useLatestChange(fileId: number, fields: string, isChange: (entry: ActivityEntry) => boolean): ActivityEntry | null {
  const api = useApi();
  const [entry, setEntry] = useState<ActivityEntry | null>(null);
  // The caller's predicate is a new function each render; the fields say when to look again.
  const picks = useRef(isChange);
  picks.current = isChange;
  useEffect(() => {
    const controller = new AbortController();
    getFileActivity(api, fileId, RECENT, undefined, controller.signal).then(
      (reply) => setEntry(reply.data.activity.find((a) => picks.current(a)) ?? null),
      // Who changed it is a courtesy: without the log the dialog still says what changed.
      () => {},
    );
    return () => controller.abort();
  }, [api, fileId, fields]);
  return entry;
}
