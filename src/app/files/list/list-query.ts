import { FILE_STATUS_MAX } from '../../../contract/file-status';
import { LIST_DEFAULTS, SORT_KEYS, type SortKey } from '../../../contract/list-query';
import type { FileQuery } from '../../api/files';

export const PAGE_SIZES = [10, 15, 20, 25, 30] as const;

/** The list's view, as kept in the query string (docs/spec.md §2). Filters are '' when not set. */
export interface ListState {
  page: number;
  limit: number;
  sort_by: SortKey;
  order: 'asc' | 'desc';
  search: string;
  isActive: '' | '0' | '1';
  file_status: string;
  /** '1': only the files with a schedule. */
  scheduled: '' | '1';
}

export const DEFAULT_STATE: ListState = {
  ...LIST_DEFAULTS,
  search: '',
  isActive: '',
  file_status: '',
  scheduled: '',
};

/** Every parameter this screen owns; any other parameter in the query string belongs to the host. */
const OWN_KEYS = ['page', 'limit', 'sort_by', 'order', 'search', 'isActive', 'file_status', 'scheduled'] as const;
/** Changing any of these shows a different set of rows, so the view starts again at page 1. */
const RESETS_PAGE: readonly (keyof ListState)[] = ['limit', 'search', 'isActive', 'file_status', 'scheduled'];

const wholeNumber = (raw: string | null): number | null => (raw !== null && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null);

/** Reads the view from a query string ('?a=1' or 'a=1'); anything missing or malformed falls back to its default. */
export function parseListState(search: string): ListState {
  const params = new URLSearchParams(search);
  const page = wholeNumber(params.get('page'));
  const limit = wholeNumber(params.get('limit'));
  const sortBy = params.get('sort_by');
  const order = params.get('order');
  const isActive = params.get('isActive');
  const status = wholeNumber(params.get('file_status'));
  return {
    page: page !== null && page >= 1 ? page : DEFAULT_STATE.page,
    limit: limit !== null && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_STATE.limit,
    sort_by: (SORT_KEYS as readonly string[]).includes(sortBy ?? '') ? (sortBy as SortKey) : DEFAULT_STATE.sort_by,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_STATE.order,
    search: params.get('search')?.trim() ?? '',
    isActive: isActive === '0' || isActive === '1' ? isActive : '',
    file_status: status !== null && status <= FILE_STATUS_MAX ? String(status) : '',
    scheduled: params.get('scheduled') === '1' ? '1' : '',
  };
}

/**
 * The query string after a change to the view: parameters the host owns are kept, empty values are
 * removed, and page goes back to 1 when page size, search or a filter changes.
 */
export function updateListQuery(search: string, patch: Partial<ListState>): string {
  const params = new URLSearchParams(search);
  const current = parseListState(search);
  const next: ListState = { ...current, ...patch };
  if (RESETS_PAGE.some((key) => key in patch && patch[key] !== current[key])) next.page = 1;
  for (const key of OWN_KEYS) {
    const value = String(next[key]).trim();
    if (value === '') params.delete(key);
    else params.set(key, value);
  }
  return params.toString();
}

/** The request for the server: optional filters only when set (docs/spec.md §5). */
export function toFileQuery(state: ListState): FileQuery {
  return {
    page: state.page,
    limit: state.limit,
    sort_by: state.sort_by,
    order: state.order,
    ...(state.search ? { search: state.search } : {}),
    ...(state.isActive ? { isActive: Number(state.isActive) as 0 | 1 } : {}),
    ...(state.file_status ? { file_status: Number(state.file_status) } : {}),
    ...(state.scheduled ? { scheduled: 1 as const } : {}),
  };
}
