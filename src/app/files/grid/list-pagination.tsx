import { TablePagination } from '@mui/material';
import { memo } from 'react';
import { PAGE_SIZES, type ListState } from '../list/list-query';
import { useTexts } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

const PAGE_SIZE_OPTIONS = [...PAGE_SIZES];
const SX = {
  grid: { borderTop: 1, borderColor: 'divider' },
  cards: {
    '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', px: 0, justifyContent: 'flex-end' },
    '& .MuiTablePagination-spacer': { display: 'none' },
  },
} as const;

export interface ListPaginationProps {
  total: number;
  page: ListState['page'];
  limit: ListState['limit'];
  variant: keyof typeof SX;
  onViewChange(patch: Partial<ListState>): void;
}

/** 'Rows per page' and the page buttons, under the grid and under the phone cards: a page change goes to the query string. */
export const ListPagination = memo(function ListPagination({ total, page, limit, variant, onViewChange }: ListPaginationProps) {
  const { t } = useTexts(FILES_TEXTS);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.max(0, page - 1)}
      rowsPerPage={limit}
      rowsPerPageOptions={PAGE_SIZE_OPTIONS}
      labelRowsPerPage={t('rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('displayedRows', { from, to, count })}
      onPageChange={(_, next) => onViewChange({ page: next + 1 })}
      onRowsPerPageChange={(e) => onViewChange({ limit: Number(e.target.value) })}
      sx={SX[variant]}
    />
  );
});
