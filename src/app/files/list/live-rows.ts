import type { FileQuery } from '../../api/files';
import type { FileEvent } from '../../api/file-events';
import { withFileChanges } from '../../api/file-changes';
import type { VideoFile } from '../../api/schemas';

interface Page {
  rows: VideoFile[];
  total: number;
  query: FileQuery | null;
}

/** Whether a file passes the view's Status, Active and Scheduled filters (the search is the server's to judge). */
function passesFilters(query: FileQuery, file: VideoFile): boolean {
  return (
    (query.file_status === undefined || query.file_status === file.file_status) &&
    (query.isActive === undefined || query.isActive === file.isActive) &&
    (query.scheduled === undefined || Boolean(file.activate_at || file.deactivate_at))
  );
}

/**
 * Whether a new file belongs at the top of this view: the first page of the newest files, with no
 * search or filter that a new file (Pending, active) could fail. Elsewhere its place is unknown, and
 * the view is left as it is (the next load shows it).
 */
function showsNewFilesFirst(query: FileQuery, file: VideoFile): boolean {
  return (
    query.page === 1 &&
    !query.search &&
    (query.sort_by === 'created_at' || query.sort_by === 'file_id') &&
    query.order === 'desc' &&
    passesFilters(query, file)
  );
}

const withoutRow = <P extends Page>(page: P, fileId: number): P => ({
  ...page,
  rows: page.rows.filter((row) => row.file_id !== fileId),
  total: Math.max(0, page.total - 1),
});

/**
 * The page on screen after a file event, changed in place (rows keep their order and identity when
 * they are not concerned); the same page when the event does not touch it. A row the change takes out
 * of the view's filters (deactivated under Active, say) leaves it, and the total follows: the page
 * shows what its filters say, whoever made the change.
 */
export function withFileEvent<P extends Page>(page: P, event: Exclude<FileEvent, { kind: 'reset' }>): P {
  const index = page.rows.findIndex((row) => row.file_id === event.file_id);
  if (event.kind === 'changed') {
    if (index < 0) return page;
    const changed = withFileChanges(page.rows[index]!, event.changes);
    if (page.query && !passesFilters(page.query, changed)) return withoutRow(page, event.file_id);
    const rows = page.rows.slice();
    rows[index] = changed;
    return { ...page, rows };
  }
  if (event.kind === 'deleted') return index < 0 ? page : withoutRow(page, event.file_id);
  if (index >= 0) return { ...page, rows: page.rows.map((row, i) => (i === index ? event.file : row)) };
  if (!page.query || !showsNewFilesFirst(page.query, event.file)) return page;
  return { ...page, rows: [event.file, ...page.rows].slice(0, page.query.limit), total: page.total + 1 };
}

/**
 * The Trash page on screen after a file event: a file of it restored ('added') or deleted for good
 * ('deleted') leaves it, a change shows in place. A file put in the trash elsewhere is a 'deleted' of a
 * file the page does not have: its place in the trash's order is the server's to say (the caller loads
 * the page again).
 */
export function withTrashEvent<P extends Page>(page: P, event: Exclude<FileEvent, { kind: 'reset' }>): P {
  if (event.kind === 'changed') return withFileEvent(page, event);
  return page.rows.some((row) => row.file_id === event.file_id) ? withoutRow(page, event.file_id) : page;
}
