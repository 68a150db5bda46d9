import { Box, Chip, IconButton, Link, Stack, Tooltip } from '@mui/material';
import { visuallyHidden } from '../ui/visually-hidden';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { VideoFile } from '../api/schemas';
import { playerLink } from '../config/player-link';
import { DeleteIcon, EditIcon } from '../ui/icons';
import { fileStatusInfo } from './file-status';

/** What the cells can ask the screen to do; read through a ref so the columns never change identity. */
export interface RowActions {
  toggleActive(file: VideoFile): void;
  edit(fileId: number): void;
  askDelete(fileId: number): void;
}

type Cell = GridRenderCellParams<VideoFile>;

function StatusCell({ row }: Cell) {
  const status = fileStatusInfo(row.file_status);
  return (
    <Tooltip title={status.description} describeChild>
      <Chip
        size="small"
        label={status.name}
        color={status.color}
        variant={status.color === 'default' ? 'outlined' : 'filled'}
        tabIndex={0}
      />
    </Tooltip>
  );
}

/** The user's locale, compact enough for the column: e.g. 'Oct 30, 2026, 10:45 AM'. */
const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const formatDate = (value: string) => {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DATE_TIME.format(date);
};

/**
 * The grid's columns. Built once per (player domain, actions ref): DataGrid re-renders everything
 * when the columns array changes identity (research: "stable props, memoised columns").
 */
export function fileColumns(playerDomain: string | null, actions: { current: RowActions }): GridColDef<VideoFile>[] {
  return [
    { field: 'file_id', headerName: 'ID', width: 70 },
    { field: 'file_server', headerName: 'Server', flex: 0.6, minWidth: 80 },
    { field: 'file_title', headerName: 'Title', flex: 1, minWidth: 140 },
    {
      field: 'file_slug',
      headerName: 'Player',
      flex: 0.7,
      minWidth: 110,
      renderCell: ({ row }: Cell) => {
        const href = playerLink(playerDomain, row.file_slug);
        return href ? (
          // The accessible name starts with the visible slug (WCAG 2.5.3), then says where it opens.
          <Link href={href} target="_blank" rel="noopener noreferrer">
            {row.file_slug}
            <Box component="span" sx={visuallyHidden}>
              {' '}
              (opens in a new tab)
            </Box>
          </Link>
        ) : (
          row.file_slug
        );
      },
    },
    { field: 'file_status', headerName: 'Status', width: 140, renderCell: StatusCell },
    {
      field: 'isActive',
      headerName: 'Active',
      width: 95,
      renderCell: ({ row }: Cell) => {
        const active = row.isActive === 1;
        return (
          <Tooltip title={active ? 'Disable' : 'Enable'} describeChild>
            <Chip
              size="small"
              label={active ? 'Active' : 'Inactive'}
              color={active ? 'success' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              onClick={() => actions.current.toggleActive(row)}
            />
          </Tooltip>
        );
      },
    },
    { field: 'created_at', headerName: 'Created', width: 165, valueFormatter: (value: string) => formatDate(value) },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }: Cell) => (
        <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
          <IconButton size="small" aria-label={`Edit file ${row.file_id}`} onClick={() => actions.current.edit(row.file_id)}>
            <EditIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete file ${row.file_id}`}
            onClick={() => actions.current.askDelete(row.file_id)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Stack>
      ),
    },
  ];
}
