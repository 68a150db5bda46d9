import * as v from 'valibot';
import { fileStatusSchema, flagSchema } from './file';

/**
 * The query of GET /api/files/ (docs/spec.md, docs/api.md): paging, sort, filters and search. The
 * kit builds it from the list's address; the server validates it with the JSON schema derived from it.
 */

/** The sort keys, in the order the server's error message lists them (ties are broken by file_id). */
export const SORT_KEYS = [
  'file_id',
  'file_server',
  'file_title',
  'file_slug',
  'file_status',
  'isActive',
  'created_at',
  'views_30d',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;

/** The largest page a request may ask for. */
export const MAX_PAGE_SIZE = 100;

/** The longest search, in characters. */
export const MAX_SEARCH_LENGTH = 200;

/** What a request that leaves paging or sort out gets (docs/spec.md: page 1, 10 a page, newest first). */
export const LIST_DEFAULTS = { page: 1, limit: 10, sort_by: 'created_at', order: 'desc' } as const;

export const listQuerySchema = v.object({
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000_000)), LIST_DEFAULTS.page),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE)), LIST_DEFAULTS.limit),
  sort_by: v.optional(v.picklist(SORT_KEYS), LIST_DEFAULTS.sort_by),
  order: v.optional(v.picklist(SORT_ORDERS), LIST_DEFAULTS.order),
  /** Words of the title or slug (prefix match); digits also match file_id. */
  search: v.optional(v.pipe(v.string(), v.maxLength(MAX_SEARCH_LENGTH))),
  isActive: v.optional(flagSchema),
  file_status: v.optional(fileStatusSchema),
  /** 1: only the files with a schedule (activate_at or deactivate_at set). */
  scheduled: v.optional(v.picklist([1])),
  /** 1: the account's trash (same filters, sort and paging). */
  trashed: v.optional(flagSchema),
});

/** The query as a client may send it: every parameter optional. */
export type ListQueryInput = v.InferInput<typeof listQuerySchema>;
/** The query as the server reads it: paging and sort filled with their defaults. */
export type ListQuery = v.InferOutput<typeof listQuerySchema>;
