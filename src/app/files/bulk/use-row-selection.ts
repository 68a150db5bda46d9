import { useState } from 'react';
import type { VideoFile } from '../../api/schemas';

/**
 * The ids ticked on the page on screen. Rows that left the page (another page, a delete) leave the
 * selection too: adjusted while rendering the new rows, not in an effect after it (that would be a
 * second commit per page).
 */
export function useRowSelection(rows: readonly VideoFile[]) {
  const [selection, setSelection] = useState<ReadonlySet<number>>(() => new Set());
  const [selectionRows, setSelectionRows] = useState(rows);
  if (selectionRows !== rows) {
    setSelectionRows(rows);
    const present = new Set(rows.map((row) => row.file_id));
    const kept = [...selection].filter((id) => present.has(id));
    if (kept.length !== selection.size) setSelection(new Set(kept));
  }
  return [selection, setSelection] as const;
}
