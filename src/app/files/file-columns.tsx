import { Box, IconButton, Link, Stack } from '@mui/material';
import { memo } from 'react';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { VideoFile } from '../api/schemas';
import { playerLink } from '../config/player-link';
import { DeleteIcon, EditIcon } from '../ui/icons';
import { visuallyHidden } from '../ui/visually-hidden';
import { compactDate } from './compact-date';
import { ActiveSwitch, StatusBadge } from './file-cells';

/** What the cells can ask the screen to do; read through a ref so the columns never change identity. */
export interface RowActions {
  toggleActive(file: VideoFile): void;
  edit(fileId: number): void;
  askDelete(fileId: number): void;
}

type Cell = GridRenderCellParams<VideoFile>;

/** The player link: the accessible name starts with the visible slug (WCAG 2.5.3), then says where it opens. */
export const PlayerLink = memo(function PlayerLink({ href, slug }: { href: string | null; slug: string }) {
  if (!href) return <>{slug}</>;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {slug}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        (opens in a new tab)
      </Box>
    </Link>
  );
});

export function CreatedDate({ value }: { value: string }) {
  const { short, full } = compactDate(value);
  return (
    <time dateTime={value} title={full}>
      {short}
    </time>
  );
}

export const RowButtons = memo(function RowButtons({ file, actions }: { file: VideoFile; actions: { current: RowActions } }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      <IconButton size="small" aria-label={`Edit file ${file.file_id}`} onClick={() => actions.current.edit(file.file_id)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        color="error"
        aria-label={`Delete file ${file.file_id}`}
        onClick={() => actions.current.askDelete(file.file_id)}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
});

/**
 * The grid's columns: the title takes the spare width, the rest are as wide as their content needs.
 * Built once per (player domain, actions ref): DataGrid re-renders everything when the columns
 * array changes identity.
 */
export function fileColumns(playerDomain: string | null, actions: { current: RowActions }): GridColDef<VideoFile>[] {
  // One function for every row, so the memoised switch skips the grid's second render of a row.
  const toggleActive = (file: VideoFile) => actions.current.toggleActive(file);
  return [
    { field: 'file_id', headerName: 'ID', width: 68 },
    // Plain text cells (DataGrid's own, cheapest rendering); the grid's styles cut them with an ellipsis.
    { field: 'file_server', headerName: 'Server', width: 110 },
    { field: 'file_title', headerName: 'Title', flex: 2, minWidth: 160 },
    {
      field: 'file_slug',
      headerName: 'Player',
      flex: 1,
      minWidth: 110,
      renderCell: ({ row }: Cell) => <PlayerLink href={playerLink(playerDomain, row.file_slug)} slug={row.file_slug} />,
    },
    { field: 'file_status', headerName: 'Status', width: 146, renderCell: ({ row }: Cell) => <StatusBadge code={row.file_status} /> },
    {
      field: 'isActive',
      headerName: 'Active',
      width: 78,
      renderCell: ({ row }: Cell) => <ActiveSwitch file={row} onToggle={toggleActive} />,
    },
    { field: 'created_at', headerName: 'Created', width: 118, valueFormatter: (value: string) => compactDate(value).short },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 88,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }: Cell) => <RowButtons file={row} actions={actions} />,
    },
  ];
}
