import { Box, Button, Typography } from '@mui/material';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import { memo } from 'react';
import type { VideoFile } from '../../api/schemas';
import { formatAge, formatDateTime } from '../../i18n/format';
import { useTexts, type TextFn } from '../../i18n/texts';
import { DeleteForeverIcon, RestoreFromTrashIcon } from '../../ui/icons';
import { CardHead, type CardSlotProps } from '../grid/file-cards';
import { StatusBadge } from '../grid/file-cells';
import { FILES_TEXTS } from '../texts';
import { TRASH_TEXTS } from './trash-texts';

/** What a row of the trash can ask the screen to do; read through a ref so the columns keep one identity. */
export interface TrashRowActions {
  restore(file: VideoFile): void;
  askPurge(file: VideoFile): void;
}

type TrashText = TextFn<typeof TRASH_TEXTS.en>;
type Cell = GridRenderCellParams<VideoFile>;

/** '3 hours ago', or the trash's 'just now'. */
const deletedAgo = (file: VideoFile, t: TrashText, locale: string) =>
  file.deleted_at ? formatAge(file.deleted_at, new Date(), locale, t('justNow')) : '';
/** When the retention deletes it for good ('Never' when the server keeps the trash for ever). */
const purgeDate = (file: VideoFile, t: TrashText, locale: string) =>
  file.purge_at ? formatDateTime(file.purge_at, locale) : t('neverPurged');

/** Restore and Delete forever for one trashed file: labelled buttons on a card, icons (with the list's tooltips) in the grid. */
export const TrashButtons = memo(function TrashButtons({
  file,
  actions,
  compact = false,
}: {
  file: VideoFile;
  actions: { current: TrashRowActions };
  compact?: boolean;
}) {
  const { t } = useTexts(TRASH_TEXTS);
  const id = String(file.file_id);
  if (compact) {
    return (
      <span className="vp-row-buttons">
        <button
          type="button"
          className="vp-icon-button"
          data-tip={t('restore')}
          aria-label={t('restoreFile', { id })}
          onClick={() => actions.current.restore(file)}
        >
          <RestoreFromTrashIcon fontSize="inherit" />
        </button>
        <button
          type="button"
          className="vp-icon-button"
          data-tone="danger"
          data-tip={t('purge')}
          aria-label={t('purgeFile', { id })}
          onClick={() => actions.current.askPurge(file)}
        >
          <DeleteForeverIcon fontSize="inherit" />
        </button>
      </span>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Button
        size="small"
        startIcon={<RestoreFromTrashIcon />}
        aria-label={t('restoreFile', { id })}
        onClick={() => actions.current.restore(file)}
      >
        {t('restore')}
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteForeverIcon />}
        aria-label={t('purgeFile', { id })}
        onClick={() => actions.current.askPurge(file)}
      >
        {t('purge')}
      </Button>
    </Box>
  );
});

/** The trash's grid columns (the sort keys are the files list's; deletion dates are shown, not sorted). */
export function trashColumns(
  actions: { current: TrashRowActions },
  t: TrashText,
  filesText: TextFn<typeof FILES_TEXTS.en>,
  locale: string,
): GridColDef<VideoFile>[] {
  return [
    { field: 'file_id', headerName: filesText('columnId'), width: 68 },
    { field: 'file_title', headerName: filesText('columnTitle'), flex: 2, minWidth: 160 },
    // The player link answers 410 while the file is in the trash: the slug is text, not a link.
    { field: 'file_slug', headerName: filesText('columnPlayer'), flex: 1, minWidth: 110 },
    {
      field: 'file_status',
      headerName: filesText('columnStatus'),
      width: 146,
      renderCell: ({ row }: Cell) => <StatusBadge code={row.file_status} progress={row.file_progress} />,
    },
    {
      field: 'deleted_at',
      headerName: t('columnDeleted'),
      width: 130,
      sortable: false,
      renderCell: ({ row }: Cell) => <time dateTime={row.deleted_at ?? undefined}>{deletedAgo(row, t, locale)}</time>,
    },
    {
      field: 'purge_at',
      headerName: t('columnPurge'),
      width: 190,
      sortable: false,
      renderCell: ({ row }: Cell) => <time dateTime={row.purge_at ?? undefined}>{purgeDate(row, t, locale)}</time>,
    },
    {
      field: 'actions',
      headerName: filesText('columnActions'),
      width: 96,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }: Cell) => <TrashButtons file={row} actions={actions} compact />,
    },
  ];
}

/** One trashed file on a phone: checkbox and title; status; 'deleted 3 hours ago · deleted for good on …'; the two buttons. */
export function TrashCard({ actions, ...card }: CardSlotProps & { actions: { current: TrashRowActions } }) {
  const { t, locale } = useTexts(TRASH_TEXTS);
  const { file } = card;
  return (
    <>
      <CardHead {...card} />
      <span />
      <Box sx={{ gridColumn: '2 / 4', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <StatusBadge code={file.file_status} progress={file.file_progress} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          #{file.file_id} · {file.file_slug}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ gridColumn: '2 / 4', color: 'text.secondary', mt: 0.5 }}>
        {t('deletedAgo', { ago: deletedAgo(file, t, locale) })} ·{' '}
        {file.purge_at ? t('purgedOn', { date: purgeDate(file, t, locale) }) : t('notPurged')}
      </Typography>
      <Box sx={{ gridColumn: '2 / 4', mt: 0.5 }}>
        <TrashButtons file={file} actions={actions} />
      </Box>
    </>
  );
}
