import { ENGLISH, translator, type TextFn } from '../../i18n/texts';
import { FILES_TEXTS } from '../texts';

/**
 * Bulk actions of the list: Activate and Deactivate both set isActive (the processing status belongs
 * to the pipeline, so the panel never writes it).
 */
export type BulkAction = '' | 'activate' | 'deactivate';

type FilesText = TextFn<typeof FILES_TEXTS.en>;
/** The English texts, for callers outside an element (tests). */
const englishText: FilesText = translator(FILES_TEXTS, ENGLISH).t;

/** Requests in flight at once during a bulk action: enough to be quick, few enough not to flood the server. */
export const BULK_CONCURRENCY = 4;

/** The warning that stops Apply, or null when the action can run. */
export function bulkWarning(action: string, selectedCount: number, t: FilesText = englishText): string | null {
  if (!action) return t('pickAction');
  if (selectedCount === 0) return t('pickFiles');
  return null;
}

/** What one item's task reports: it changed, or it already was as asked (the server's 'No changes to save'). */
export type ItemOutcome = 'changed' | 'unchanged';

export interface BulkFailure<T> {
  item: T;
  reason: string;
}

export interface BulkResult<T> {
  changed: T[];
  unchanged: T[];
  failed: BulkFailure<T>[];
}

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong');

/**
 * Runs `task` for every item with at most `concurrency` in flight. A rejected task is a failure (its
 * message is the reason) and does not stop the others. Every list keeps the input order.
 */
export async function runBulk<T>(
  items: readonly T[],
  task: (item: T) => Promise<ItemOutcome>,
  concurrency = BULK_CONCURRENCY,
): Promise<BulkResult<T>> {
  const outcomes = new Array<ItemOutcome | { reason: string }>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        outcomes[index] = await task(items[index]!);
      } catch (error) {
        outcomes[index] = { reason: reasonOf(error) };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  const result: BulkResult<T> = { changed: [], unchanged: [], failed: [] };
  items.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome === 'changed') result.changed.push(item);
    else if (outcome === 'unchanged') result.unchanged.push(item);
    else result.failed.push({ item, reason: outcome.reason });
  });
  return result;
}

/**
 * The toast after a bulk action. Files that already were as asked count as done and are named as
 * such; only real failures make it an error, and the error names them (by `label`) with the reason.
 */
export function bulkMessage<T>(
  result: BulkResult<T>,
  action: Exclude<BulkAction, ''>,
  label: (item: T) => string = String,
  t: FilesText = englishText,
): { ok: boolean; text: string } {
  const { changed, unchanged, failed } = result;
  const parts: string[] = [];
  if (changed.length > 0) parts.push(t(action === 'activate' ? 'filesActivated' : 'filesDeactivated', { count: changed.length }));
  if (unchanged.length > 0) parts.push(t(action === 'activate' ? 'alreadyActive' : 'alreadyInactive', { count: unchanged.length }));
  const summary = parts.length > 0 ? `${parts.join(t('summarySeparator'))}.` : '';
  if (failed.length === 0) {
    // Nothing already-as-asked: the success text of docs/spec.md §8.
    return { ok: true, text: unchanged.length === 0 ? t('bulkSuccess') : capitalise(summary) };
  }
  const reasons = new Set(failed.map((f) => f.reason));
  const text = t('bulkFailed', {
    failed: failed.length,
    count: changed.length + unchanged.length + failed.length,
    which: failed.map((f) => label(f.item)).join(t('listSeparator')),
    why: reasons.size === 1 ? `: ${[...reasons][0]}` : '',
    stay: failed.length === 1 ? t('itStays') : t('theyStay'),
  });
  return { ok: false, text: summary ? `${text} ${capitalise(summary)}` : text };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
