import { useGridApiRef, type GridValidRowModel } from '@mui/x-data-grid';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Feeds the DataGrid its rows through its API instead of its `rows` prop. A new `rows` prop re-renders
 * every row and cell of the grid with the old rows (any prop change does), and the grid applies the new
 * ones only in an effect after that commit: a page change cost it two full renders. Given through
 * `setRows` before paint, the new page is one update of the grid's own state, which renders only what it
 * changes. `rows` of the grid's props stays the first page the grid was mounted with; `current` is the page
 * on screen.
 */
export function useGridRows<Row extends GridValidRowModel>(rows: Row[]) {
  const apiRef = useGridApiRef();
  const [firstRows] = useState(rows);
  const current = useRef(firstRows);
  useLayoutEffect(() => {
    if (rows === current.current) return;
    current.current = rows;
    apiRef.current?.setRows(rows);
  }, [apiRef, rows]);
  return { apiRef, firstRows, current };
}
