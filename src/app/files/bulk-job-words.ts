import type { BulkFilter, BulkJob } from '../api/bulk-jobs';
import type { TextFn } from '../i18n/texts';
import type { BULK_JOB_TEXTS } from './bulk-job-texts';
import { fileStatusInfo } from './file-status';
import type { FILES_TEXTS } from './texts';

type JobText = TextFn<typeof BULK_JOB_TEXTS.en>;
type FilesText = TextFn<typeof FILES_TEXTS.en>;

/** The actions the list offers over every file a filter matches (the spec's bulk actions). */
export type MatchingAction = 'activate' | 'deactivate';

/** The filter in words, in the list's own labels: "search 'lisbon', Active"; empty when nothing narrows. */
export function filterWords(filter: BulkFilter, t: JobText, ft: FilesText): string {
  const parts: string[] = [];
  if (filter.search) parts.push(t('filterSearch', { search: filter.search }));
  if (filter.isActive !== undefined) parts.push(ft(filter.isActive ? 'activeFilter' : 'inactive'));
  if (filter.file_status !== undefined) parts.push(ft(fileStatusInfo(filter.file_status).name));
  return parts.join(t('filterSeparator'));
}

/** What the action will touch: "Deactivate 12,345 files matching search 'lisbon', Active". */
export function describeBulk(action: MatchingAction, count: number, filter: BulkFilter, t: JobText, ft: FilesText): string {
  const words = filterWords(filter, t, ft);
  const verb = ft(action);
  return words ? t('describeFiltered', { action: verb, count, filter: words }) : t('describeAll', { action: verb, count });
}

/** How a finished job went, in words: "12,340 deactivated, 5 were already inactive". */
export function jobSummary(job: BulkJob, action: MatchingAction, t: JobText): string {
  const { done, unchanged, conflict, failed } = job.counts;
  const parts: string[] = [];
  if (done) parts.push(t(action === 'activate' ? 'activated' : 'deactivated', { count: done }));
  if (unchanged) parts.push(t(action === 'activate' ? 'alreadyActive' : 'alreadyInactive', { count: unchanged }));
  if (conflict) parts.push(t('conflicts', { count: conflict }));
  if (failed) parts.push(t('failures', { count: failed }));
  const text = parts.join(t('summarySeparator'));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
