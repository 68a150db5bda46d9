import type { GridColDef, GridColumnVisibilityModel, GridValidRowModel } from '@mui/x-data-grid';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';

/** DataGrid's checkbox column. */
const CHECKBOX_WIDTH = 50;
/** What a column without a width of its own takes (DataGrid's default). */
const DEFAULT_WIDTH = 100;

/** The width a column cannot go below. */
const leastWidth = (column: GridColDef) => (column.flex ? (column.minWidth ?? 50) : (column.width ?? DEFAULT_WIDTH));

/**
 * The fields to hide so that the columns fit `width`: those of `givesWay`, first to last, only as many
 * as needed. The grid's width is its host's (a portal's content area, a sidebar), not the screen's, so
 * a viewport breakpoint cannot say it.
 */
export function fieldsToHide(columns: readonly GridColDef[], givesWay: readonly string[], width: number): string[] {
  let needed = CHECKBOX_WIDTH + columns.reduce((sum, column) => sum + leastWidth(column), 0);
  const hidden: string[] = [];
  for (const field of givesWay) {
    if (needed <= width) break;
    const column = columns.find((c) => c.field === field);
    if (!column) continue;
    hidden.push(field);
    needed -= leastWidth(column);
  }
  return hidden;
}

/**
 * Columns give way before the last ones do: where the grid is narrower than its columns need (the
 * Actions column would be cut off), the fields of `givesWay` hide, first to last. Returns the element
 * to measure and the grid's column visibility, one identity per set of hidden fields (a new model is a
 * new grid prop: it changes only when the width crosses a column's step, never on a page change).
 */
export function useColumnsThatFit<Row extends GridValidRowModel>(columns: readonly GridColDef<Row>[], givesWay: readonly string[]) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth || Number.POSITIVE_INFINITY);
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width || Number.POSITIVE_INFINITY));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const key = fieldsToHide(columns, givesWay, width).join(',');
  const visibility = useMemo<GridColumnVisibilityModel>(
    () => Object.fromEntries(key ? key.split(',').map((field) => [field, false]) : []),
    [key],
  );
  return { box, visibility };
}
