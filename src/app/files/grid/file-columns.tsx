import { memo } from 'react';
import type { GridColDef, GridRenderCellParams } from '@mui/x-data-grid';
import type { VideoFile } from '../../api/schemas';
import { playerLinks } from '../../shared/player-link';
import { DELETE_ICON, EDIT_ICON } from './cell-icons';
import { compactDate } from './compact-date';
import { ActiveSwitch, ScheduledChip, StatusBadge } from './file-cells';
import { numberFormat, useI18n, useTexts, type TextFn } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/** What the cells can ask the screen to do; read through a ref so the columns never change identity. */
export interface RowActions {
  toggleActive(file: VideoFile): void;
  edit(fileId: number): void;
  askDelete(fileId: number): void;
}

type Cell = GridRenderCellParams<VideoFile>;

/**
 * The player link: the accessible name starts with the visible slug (WCAG 2.5.3), then says where it
 * opens. Said by its label rather than a visually hidden element: one element per row (issue 44).
 */
export const PlayerLink = memo(function PlayerLink({ href, slug }: { href: string | null; slug: string }) {
  const { t } = useTexts(FILES_TEXTS);
  if (!href) return <>{slug}</>;
  return (
    <a className="vp-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={slug + t('opensInNewTab')}>
      {slug}
    </a>
  );
});

/** A count as the locale writes it (1,234 in English, 1.234 in Vietnamese), with the locale's one formatter (each page formats a count per row). */
export const formatCount = (value: number, locale: string): string => numberFormat(locale).format(value);

export function CreatedDate({ value }: { value: string }) {
  const { short, full } = compactDate(value, undefined, useI18n().locale);
  return (
    <time dateTime={value} title={full}>
      {short}
    </time>
  );
}

export const RowButtons = memo(function RowButtons({ file, actions }: { file: VideoFile; actions: { current: RowActions } }) {
  const { t } = useTexts(FILES_TEXTS);
  return (
    <span className="vp-row-buttons">
      <button
        type="button"
        className="vp-icon-button"
        aria-label={t('editFile', { id: String(file.file_id) })}
        onClick={() => actions.current.edit(file.file_id)}
      >
        {EDIT_ICON}
      </button>
      <button
        type="button"
        className="vp-icon-button"
        data-tone="danger"
        aria-label={t('deleteFile', { id: String(file.file_id) })}
        onClick={() => actions.current.askDelete(file.file_id)}
      >
        {DELETE_ICON}
      </button>
    </span>
  );
});

/**
 * The grid's columns: the title takes the spare width, the rest are as wide as their content needs.
 * Built once per (player domain, actions ref, language): DataGrid re-renders everything when the
 * columns array changes identity.
 */
export function fileColumns(
  playerDomain: string | null,
  actions: { current: RowActions },
  t: TextFn<typeof FILES_TEXTS.en>,
  locale: string,
): GridColDef<VideoFile>[] {
  // One function for every row, so the memoised switch skips the grid's second render of a row.
  const toggleActive = (file: VideoFile) => actions.current.toggleActive(file);
  const linkOf = playerLinks(playerDomain);
  return [
    { field: 'file_id', headerName: t('columnId'), width: 68 },
    // Plain text cells (DataGrid's own, cheapest rendering); the grid's styles cut them with an ellipsis.
    { field: 'file_server', headerName: t('columnServer'), width: 110 },
    {
      field: 'file_title',
      headerName: t('columnTitle'),
      flex: 2,
      minWidth: 160,
      // Plain text unless the file has a schedule: then its chip follows the title.
      renderCell: ({ row }: Cell) =>
        row.activate_at || row.deactivate_at ? (
          <span className="vp-title-scheduled">
            <span className="vp-title-text">{row.file_title}</span>
            <ScheduledChip file={row} />
          </span>
        ) : (
          row.file_title
        ),
    },
    {
      field: 'file_slug',
      headerName: t('columnPlayer'),
      flex: 1,
      minWidth: 110,
      renderCell: ({ row }: Cell) => <PlayerLink href={linkOf(row.file_slug)} slug={row.file_slug} />,
    },
    {
      field: 'file_status',
      headerName: t('columnStatus'),
      width: 146,
      renderCell: ({ row }: Cell) => <StatusBadge code={row.file_status} progress={row.file_progress} />,
    },
    {
      field: 'isActive',
      headerName: t('columnActive'),
      // Room for the Vietnamese 'Hoạt động' (about 30 % longer than 'Active').
      width: 100,
      renderCell: ({ row }: Cell) => <ActiveSwitch file={row} onToggle={toggleActive} />,
    },
    {
      field: 'created_at',
      headerName: t('columnCreated'),
      width: 118,
      valueFormatter: (value: string) => compactDate(value, undefined, locale).short,
    },
    {
      // Views of the last 30 days (docs/api.md, View analytics), sorted by the server like the others.
      field: 'views_30d',
      headerName: t('columnViews30d'),
      type: 'number',
      width: 104,
      // Its name is longer than its numbers: two lines in the header rather than a wider column (nothing
      // clipped in either language; e2e locale.spec), so the list keeps its other columns at 1280 px.
      headerClassName: 'vp-header-wraps',
      valueFormatter: (value: number | undefined) => (value === undefined ? '' : formatCount(value, locale)),
    },
    {
      field: 'actions',
      headerName: t('columnActions'),
      width: 88,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }: Cell) => <RowButtons file={row} actions={actions} />,
    },
  ];
}
