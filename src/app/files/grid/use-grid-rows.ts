import { gridFocusCellSelector, useGridApiRef, type GridApi, type GridValidRowModel } from '@mui/x-data-grid';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * Feeds the DataGrid its rows through its API instead of its `rows` prop. A new `rows` prop re-renders
 * every row and cell of the grid with the old rows (any prop change does), and the grid applies the new
 * ones only in an effect after that commit: a page change cost it two full renders. Given through
 * `setRows` before paint, the new page is one update of the grid's own state, which renders only what it
 * changes; a change of some rows of the page (`updateRows`) renders those rows alone. `rows` of the grid's
 * props stays the first page the grid was mounted with; `current` is the page on screen.
 */
export function useGridRows<Row extends GridValidRowModel>(rows: Row[], getRowId: (row: Row) => number) {
  const apiRef = useGridApiRef();
  const [firstRows] = useState(rows);
  const current = useRef(firstRows);
  useLayoutEffect(() => {
    const before = current.current;
    if (rows === before) return;
    current.current = rows;
    const api = apiRef.current;
    if (!api) return;
    // The same files in the same order, one of them changed (a switch, a live change): only that row
    // goes to the grid, which then renders it alone (setRows reprocesses every row, and every cell of
    // the page renders again). The DataGrid (not Pro) updates one row at a time: more take setRows (decision D74).
    if (rows.length === before.length && rows.every((row, i) => getRowId(row) === getRowId(before[i]!))) {
      const changed = rows.flatMap((row, i) => (row === before[i] ? [] : [replacing(before[i]!, row)]));
      if (changed.length === 0) return;
      if (changed.length === 1) {
        api.updateRows(changed);
        return;
      }
    }
    const staying = new Set(rows.map(getRowId));
    const refocus = focusLeavesWithItsRow(api, staying);
    api.setRows(rows);
    refocus();
  }, [apiRef, rows, getRowId]);
  return { apiRef, firstRows, current };
}

/** `row` as an update of `old`: the grid merges an update into the row it holds, so a field `row` lacks is cleared, not kept. */
function replacing<Row extends GridValidRowModel>(old: Row, row: Row): Row {
  const cleared: GridValidRowModel = {};
  for (const key of Object.keys(old)) if (!(key in row)) cleared[key] = undefined;
  return { ...cleared, ...row };
}

/**
 * Focus follows the data, not the position. The grid moves the focus of a row that leaves to the row
 * now in its place (its own rule): after a search, the ring would sit on the Active switch of a file
 * nobody touched. So the grid forgets a focused cell whose row leaves, and when the keyboard focus was
 * in that row it goes to the grid itself (Tab goes on from there); a row that stays keeps its focus.
 * Returns what to do once the new rows are set.
 */
function focusLeavesWithItsRow(api: GridApi, staying: ReadonlySet<number>): () => void {
  const cell = gridFocusCellSelector({ current: api } as RefObject<GridApi>);
  if (cell && !staying.has(Number(cell.id))) {
    api.setState((state) => ({ ...state, focus: { ...state.focus, cell: null } }));
  }
  const root = api.rootElementRef.current;
  const active = (root?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
  const row = active && root?.contains(active) ? active.closest<HTMLElement>('[role="row"][data-id]') : null;
  if (!row || staying.has(Number(row.dataset.id))) return () => {};
  return () => {
    const grid = root?.querySelector<HTMLElement>('[role="grid"]');
    if (!grid) return;
    grid.tabIndex = -1;
    grid.focus({ preventScroll: true });
  };
}
