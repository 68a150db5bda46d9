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
import { useEffect, useId, useState } from 'react';
import { getFileActivity } from '../api/files';
import type { ActivityEntry, VideoFile } from '../api/schemas';
import { useApi } from '../api/use-api';
import { formatAge } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { CONFLICT_TEXTS } from './conflict-texts';
import { EDITOR_TEXTS } from './texts';
import type { FileForm } from './validate-file-form';

export type ConflictField = 'file_title' | 'file_slug' | 'isActive';

export interface ConflictDialogProps {
  /** The file as the server has it now (the 412's `data`). */
  theirs: VideoFile;
  /** What the operator typed. */
  mine: FileForm;
  /** The fields both changed, to different values. */
  fields: readonly ConflictField[];
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  /** Closed without choosing: the form keeps the operator's values, on the server's current version. */
  onClose(): void;
}

/** How many recent entries are searched for the change that conflicts. */
const RECENT = 20;

/**
 * 'Keep mine' or 'Take theirs' after a save found the same fields changed elsewhere: each field's
 * value as saved now and as typed, and who saved it when (the newest matching entry of the file's
 * activity log). Its own chunk, loaded with the first conflict.
 */
export default function ConflictDialog({ theirs, mine, fields, busy, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  const titleId = useId();
  const textId = useId();
  const { t, locale } = useTexts(CONFLICT_TEXTS);
  const editor = useTexts(EDITOR_TEXTS).t;
  const change = useLatestChange(theirs.file_id, fields);
  const label: Record<ConflictField, string> = { file_title: editor('title'), file_slug: editor('slug'), isActive: editor('status') };
  const shown = (field: ConflictField, value: string | number) =>
    field === 'isActive' ? editor(value === 1 ? 'active' : 'inactive') : value;
  const mineOf: Record<ConflictField, string | number> = {
    file_title: mine.title.trim(),
    file_slug: mine.slug.trim(),
    isActive: mine.isActive,
  };
  const sources: Record<string, string> = {
    panel: t('sourcePanel'),
    api: t('sourceApi'),
    pipeline: t('sourcePipeline'),
    cli: t('sourceCli'),
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {change
            ? t('changedBy', {
                actor: change.actor,
                when: formatAge(change.at, new Date(), locale, editor('justNow')),
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
            {fields.map((field) => (
              <TableRow key={field}>
                <TableCell component="th" scope="row">
                  {label[field]}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(field, theirs[field])}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{shown(field, mineOf[field])}</TableCell>
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

/** The newest `update` of the activity log that changed one of `fields`; null until read (or when the log says nothing). */
function useLatestChange(fileId: number, fields: readonly ConflictField[]): ActivityEntry | null {
  const api = useApi();
  const [entry, setEntry] = useState<ActivityEntry | null>(null);
  const key = fields.join();
  useEffect(() => {
    const controller = new AbortController();
    getFileActivity(api, fileId, RECENT, undefined, controller.signal).then(
      (reply) =>
        setEntry(reply.data.activity.find((a) => a.action === 'update' && key.split(',').some((field) => field in a.detail)) ?? null),
      // Who changed it is a courtesy: without the log the dialog still says what changed.
      () => {},
    );
    return () => controller.abort();
  }, [api, fileId, key]);
  return entry;
}
