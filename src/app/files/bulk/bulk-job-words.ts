import type { BulkFilter, BulkJob } from '../../api/bulk-jobs';
import type { TextFn } from '../../i18n/texts';
import type { DELETE_FILE_TEXTS } from '../../shared/delete-file-texts';
import type { BULK_JOB_TEXTS } from './bulk-job-texts';
import { fileStatusInfo } from '../file-status';
import type { FILES_TEXTS } from '../texts';
import type { TRASH_TEXTS } from '../trash/trash-texts';

/** The catalogues the words come from: the job's own, and the list's, trash's and delete's for the names of actions. */
export interface BulkWords {
  t: TextFn<typeof BULK_JOB_TEXTS.en>;
  ft: TextFn<typeof FILES_TEXTS.en>;
  tt: TextFn<typeof TRASH_TEXTS.en>;
  dt: TextFn<typeof DELETE_FILE_TEXTS.en>;
}

/** The actions over every file a filter matches: the files list's three, the trash's two. */
export const MATCHING_ACTIONS = ['activate', 'deactivate', 'delete', 'restore', 'purge'] as const;
export type MatchingAction = (typeof MATCHING_ACTIONS)[number];

export const isMatchingAction = (action: string): action is MatchingAction => (MATCHING_ACTIONS as readonly string[]).includes(action);

/** The action's name, as the list, the trash and the delete dialog call it: Activate, Delete, Delete forever… */
export function actionName(action: MatchingAction, { ft, tt, dt }: BulkWords): string {
  switch (action) {
    case 'activate':
    case 'deactivate':
      return ft(action);
    case 'delete':
      return dt('deleteConfirm');
    default:
      return tt(action);
  }
}

/** The filter in words, in the list's own labels: "search 'lisbon', Active"; empty when nothing narrows. */
export function filterWords(filter: BulkFilter, { t, ft }: BulkWords): string {
  const parts: string[] = [];
  if (filter.search) parts.push(t('filterSearch', { search: filter.search }));
  if (filter.isActive !== undefined) parts.push(ft(filter.isActive ? 'activeFilter' : 'inactive'));
  if (filter.file_status !== undefined) parts.push(ft(fileStatusInfo(filter.file_status).name));
  if (filter.scheduled) parts.push(ft('scheduledOnly'));
  return parts.join(t('filterSeparator'));
}

/**
 * What the action will touch: "Deactivate 12,345 files matching search 'lisbon', Active"; a delete
 * says where the files go: "Move 12,345 files matching … to the trash".
 */
export function describeBulk(action: MatchingAction, count: number, filter: BulkFilter, words: BulkWords): string {
  const { t } = words;
  const filterText = filterWords(filter, words);
  if (action === 'delete') return filterText ? t('describeTrashFiltered', { count, filter: filterText }) : t('describeTrashAll', { count });
  const verb = actionName(action, words);
  return filterText ? t('describeFiltered', { action: verb, count, filter: filterText }) : t('describeAll', { action: verb, count });
}

/** A file's result in words, per action: what `done` and `unchanged` mean for it. */
const OUTCOME_WORDS = {
  activate: ['activated', 'alreadyActive'],
  deactivate: ['deactivated', 'alreadyInactive'],
  delete: ['trashed', 'alreadyTrashed'],
  restore: ['restored', 'notInTrash'],
  purge: ['purged', 'alreadyPurged'],
} as const satisfies Record<MatchingAction, readonly [keyof typeof BULK_JOB_TEXTS.en, keyof typeof BULK_JOB_TEXTS.en]>;

/** How a finished job went, in words: "12,340 deactivated, 5 were already inactive". */
export function jobSummary(job: BulkJob, action: MatchingAction, { t }: BulkWords): string {
  const { done, unchanged, conflict, failed } = job.counts;
  const [doneWords, unchangedWords] = OUTCOME_WORDS[action];
  const parts: string[] = [];
  if (done) parts.push(t(doneWords, { count: done }));
  if (unchanged) parts.push(t(unchangedWords, { count: unchanged }));
  if (conflict) parts.push(t('conflicts', { count: conflict }));
  if (failed) parts.push(t('failures', { count: failed }));
  const text = parts.join(t('summarySeparator'));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
