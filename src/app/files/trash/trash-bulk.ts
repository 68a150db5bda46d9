import type { TextFn } from '../../i18n/texts';
import type { BulkResult } from '../bulk/bulk';
import type { FILES_TEXTS } from '../texts';
import type { TRASH_TEXTS } from './trash-texts';

export type TrashAction = 'restore' | 'purge';

/**
 * The toast after Restore or Delete forever of one file or many: how many went; when some failed, the
 * list's own failure sentence (which files, why, that they stay selected) before it.
 */
export function trashMessage(
  kind: TrashAction,
  result: BulkResult<number>,
  label: (id: number) => string,
  t: TextFn<typeof TRASH_TEXTS.en>,
  filesText: TextFn<typeof FILES_TEXTS.en>,
): { ok: boolean; text: string } {
  const done = result.changed.length;
  const summary = t(kind === 'restore' ? 'restored' : 'purged', { count: done });
  if (result.failed.length === 0) return { ok: true, text: summary };
  const reasons = new Set(result.failed.map((failure) => failure.reason));
  const failed = filesText('bulkFailed', {
    failed: result.failed.length,
    count: done + result.failed.length,
    which: result.failed.map((failure) => label(failure.item)).join(filesText('listSeparator')),
    why: reasons.size === 1 ? `: ${[...reasons][0]}` : '',
    stay: result.failed.length === 1 ? filesText('itStays') : filesText('theyStay'),
  });
  return { ok: false, text: done > 0 ? `${failed} ${summary}` : failed };
}
