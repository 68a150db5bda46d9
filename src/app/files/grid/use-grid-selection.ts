import type { GridApi, GridRowSelectionModel } from '@mui/x-data-grid';
import { useLayoutEffect, useMemo, type RefObject } from 'react';

/**
 * The grid's controlled selection model for the list's selection, put into the grid's state in the
 * very commit that renders it. The DataGrid takes a new `rowSelectionModel` into its state only in an
 * effect after the commit, and its row checkboxes render that state in a later task yet; meanwhile
 * React, at the end of the click that ticked a box, sets the box back to what its cell last rendered.
 * So for a task (a painted frame on a busy machine) a ticked box showed unticked while the bulk bar,
 * rendered with the click, already counted it. Set before paint, the boxes and the bar change together.
 */
export function useGridSelection(apiRef: RefObject<GridApi | null>, selection: ReadonlySet<number>): GridRowSelectionModel {
  const model = useMemo<GridRowSelectionModel>(() => ({ type: 'include', ids: new Set(selection) }), [selection]);
  useLayoutEffect(() => {
    apiRef.current?.setRowSelectionModel(model);
  }, [apiRef, model]);
  return model;
}
