/** Bulk actions of the footer bar (spec §5; decision D9: both set isActive). */
export type BulkAction = '' | 'activate' | 'deactivate';

/** Requests in flight at once during a bulk action (decision D9). */
export const BULK_CONCURRENCY = 4;

/** The warning that stops Apply, or null when the action can run (spec §5). */
export function bulkWarning(action: BulkAction, selectedCount: number): string | null {
  if (!action) return 'Please select an action.';
  if (selectedCount === 0) return 'Please select at least one file.';
  return null;
}

export interface BulkResult<T> {
  succeeded: T[];
  failed: T[];
}

/**
 * Runs `task` for every item with at most `concurrency` in flight; a rejected task counts as failed
 * and does not stop the others. Results keep the input order.
 */
export async function runBulk<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  concurrency = BULK_CONCURRENCY,
): Promise<BulkResult<T>> {
  const ok = new Array<boolean>(items.length).fill(false);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        await task(items[index]!);
        ok[index] = true;
      } catch {
        ok[index] = false;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  return { succeeded: items.filter((_, i) => ok[i]), failed: items.filter((_, i) => !ok[i]) };
}

/** The toast after a bulk action: success, or how many of how many failed. */
export function bulkMessage(result: BulkResult<unknown>): { ok: boolean; text: string } {
  const total = result.succeeded.length + result.failed.length;
  if (result.failed.length === 0) return { ok: true, text: 'Action performed successfully!' };
  const n = result.failed.length;
  return { ok: false, text: `Failed to perform action. ${n} of ${total} ${total === 1 ? 'file' : 'files'} could not be updated.` };
}
