import { Box, Checkbox, FormControlLabel, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { memo, type ReactNode } from 'react';
import type { VideoFile } from '../../api/schemas';
import { playerLink } from '../../shared/player-link';
import { CreatedDate, PlayerLink, RowButtons, type RowActions } from './file-columns';
import { ActiveSwitch, ScheduledChip, StatusBadge } from './file-cells';
import { ListPagination } from './list-pagination';
import type { SortKey } from '../../../contract/list-query';
import type { ListState } from '../list/list-query';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/** The sort orders offered on a phone, where there are no column headers to click. */
const SORTS: { value: `${SortKey}:${'asc' | 'desc'}`; label: Extract<keyof typeof FILES_TEXTS.en, `sort${string}`> }[] = [
  { value: 'created_at:desc', label: 'sortNewest' },
  { value: 'created_at:asc', label: 'sortOldest' },
  { value: 'file_title:asc', label: 'sortTitleAsc' },
  { value: 'file_title:desc', label: 'sortTitleDesc' },
  { value: 'file_status:asc', label: 'sortStatus' },
  { value: 'file_id:desc', label: 'sortIdDesc' },
  { value: 'views_30d:desc', label: 'sortViews' },
];

/** What the list gives each card: the file, whether it is selected, and how to (un)select it. */
export interface CardSlotProps {
  file: VideoFile;
  selected: boolean;
  onToggleSelected(id: number): void;
}

export interface FileCardsProps {
  rows: VideoFile[];
  total: number;
  loading: boolean;
  /** One file's card (the files list: FileCard; the trash its own). Keep its identity stable: the list is memoised. */
  renderCard(card: CardSlotProps): ReactNode;
  /** The list's name and its empty text (default: the files list's). */
  label?: string;
  emptyText?: string;
  state: Pick<ListState, 'page' | 'limit' | 'sort_by' | 'order'>;
  selection: ReadonlySet<number>;
  onSelectionChange(ids: Set<number>): void;
  onViewChange(patch: Partial<ListState>): void;
}

/**
 * The list below 599 px: one compact card per file — title, status, the Active switch and the
 * actions on screen without sideways scrolling; ID, server, player link and date on a second line.
 * Same selection, paging and sorting as the grid, all through the query string.
 */
export const FileCards = memo(function FileCards({
  rows,
  total,
  loading,
  renderCard,
  label,
  emptyText,
  state,
  selection,
  onSelectionChange,
  onViewChange,
}: FileCardsProps) {
  const { t } = useTexts(FILES_TEXTS);
  const toggle = (id: number) => {
    const next = new Set(selection);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectionChange(next);
  };

  return (
    <Box aria-busy={loading}>
      <CardsToolbar rows={rows} state={state} selection={selection} onSelectionChange={onSelectionChange} onViewChange={onViewChange} />
      {loading ? (
        <Box role="status" sx={{ py: 1 }}>
          <LinearProgress />
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {t('loading')}
          </Typography>
        </Box>
      ) : null}
      {rows.length === 0 && !loading ? (
        <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>{emptyText ?? t('empty')}</Typography>
      ) : null}
      <Box component="ul" aria-label={label ?? t('files')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {rows.map((file) => (
          <CardItem key={file.file_id} id={file.file_id} selected={selection.has(file.file_id)}>
            {renderCard({ file, selected: selection.has(file.file_id), onToggleSelected: toggle })}
          </CardItem>
        ))}
      </Box>
      <ListPagination variant="cards" total={total} page={state.page} limit={state.limit} onViewChange={onViewChange} />
    </Box>
  );
});

/** Above the cards: 'Select all' for the page, and the sort (a phone has no column headers to click). */
function CardsToolbar({
  rows,
  state,
  selection,
  onSelectionChange,
  onViewChange,
}: Pick<FileCardsProps, 'rows' | 'state' | 'selection' | 'onSelectionChange' | 'onViewChange'>) {
  const allSelected = rows.length > 0 && rows.every((row) => selection.has(row.file_id));
  const someSelected = !allSelected && rows.some((row) => selection.has(row.file_id));
  const current = `${state.sort_by}:${state.order}`;
  const sortValue = SORTS.some((s) => s.value === current) ? current : '';
  const { t } = useTexts(FILES_TEXTS);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
      <FormControlLabel
        label={t('selectAll')}
        control={
          <Checkbox
            checked={allSelected}
            indeterminate={someSelected}
            disabled={rows.length === 0}
            onChange={() => onSelectionChange(allSelected ? new Set() : new Set(rows.map((r) => r.file_id)))}
          />
        }
      />
      <TextField
        select
        size="small"
        label={t('sort')}
        value={sortValue}
        sx={{ minWidth: 150 }}
        onChange={(e) => {
          const [sort_by, order] = e.target.value.split(':') as [SortKey, 'asc' | 'desc'];
          onViewChange({ sort_by, order });
        }}
      >
        {SORTS.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {t(s.label)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** One card's frame: a grid of checkbox, title and buttons on the first line, the rest under them. */
function CardItem({ id, selected, children }: { id: number; selected: boolean; children: ReactNode }) {
  return (
    <Box
      component="li"
      data-id={id}
      sx={{
        border: 1,
        borderColor: selected ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 1,
        pr: 0.5,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr) auto',
        columnGap: 0.5,
        alignItems: 'center',
      }}
    >
      {children}
    </Box>
  );
}

/** A card's first two cells: its checkbox and the title. */
export function CardHead({ file, selected, onToggleSelected }: CardSlotProps) {
  const { t } = useTexts(FILES_TEXTS);
  return (
    <>
      <Checkbox
        checked={selected}
        onChange={() => onToggleSelected(file.file_id)}
        slotProps={{ input: { 'aria-label': t('selectFile', { id: String(file.file_id) }) } }}
      />
      <Typography sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={file.file_title}>
        {file.file_title}
      </Typography>
    </>
  );
}

interface FileCardProps extends CardSlotProps {
  playerDomain: string | null;
  actions: { current: RowActions };
}

/** One file: checkbox, title and actions on the first line; status and Active; then ID, server, date and player link. */
export function FileCard({ playerDomain, actions, ...card }: FileCardProps) {
  const { t } = useTexts(FILES_TEXTS);
  const { file } = card;
  return (
    <>
      <CardHead {...card} />
      <RowButtons file={file} actions={actions} />
      <Box sx={{ gridColumn: '2 / 4', display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5 }}>
        <StatusBadge code={file.file_status} progress={file.file_progress} />
        <ScheduledChip file={file} />
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <ActiveSwitch file={file} onToggle={(f) => actions.current.toggleActive(f)} />
          <Typography variant="body2" aria-hidden>
            {file.isActive === 1 ? t('active') : t('inactive')}
          </Typography>
        </Stack>
      </Box>
      <Typography
        variant="body2"
        sx={{ gridColumn: '2 / 4', color: 'text.secondary', mt: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1, minWidth: 0 }}
      >
        <span>#{file.file_id}</span>
        <span>{file.file_server}</span>
        <CreatedDate value={file.created_at} />
        <Box component="span" sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' }}>
          <PlayerLink href={playerLink(playerDomain, file.file_slug)} slug={file.file_slug} />
        </Box>
      </Typography>
    </>
  );
}
