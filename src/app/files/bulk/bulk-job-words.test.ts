import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../../i18n/texts';
import { DELETE_FILE_TEXTS } from '../../shared/delete-file-texts';
import { BULK_JOB_TEXTS } from './bulk-job-texts';
import { actionName, describeBulk, jobSummary, type BulkWords } from './bulk-job-words';
import { FILES_TEXTS } from '../texts';
import { TRASH_TEXTS } from '../trash/trash-texts';

const words: BulkWords = {
  t: translator(BULK_JOB_TEXTS, ENGLISH).t,
  ft: translator(FILES_TEXTS, ENGLISH).t,
  tt: translator(TRASH_TEXTS, ENGLISH).t,
  dt: translator(DELETE_FILE_TEXTS, ENGLISH).t,
};
const job = (counts: Partial<Record<'done' | 'unchanged' | 'conflict' | 'failed', number>>) => ({
  id: 1,
  action: 'deactivate',
  state: 'done' as const,
  total: 0,
  reason: null,
  counts: { pending: 0, done: 0, unchanged: 0, conflict: 0, failed: 0, ...counts },
});

describe('the words of a bulk action over a filter', () => {
  it('says what it will touch, with the count formatted and the filter in the list’s labels', () => {
    expect(describeBulk('deactivate', 12345, { search: 'lisbon', isActive: 1 }, words)).toBe(
      "Deactivate 12,345 files matching search 'lisbon', Active",
    );
    expect(describeBulk('activate', 3, { file_status: 4 }, words)).toBe('Activate 3 files matching Download Failed');
    expect(describeBulk('activate', 1, { isActive: 0 }, words)).toBe('Activate 1 file matching Inactive');
    expect(describeBulk('deactivate', 2000, {}, words)).toBe('Deactivate all 2,000 files');
  });

  it('says where a delete sends the files, and names the trash’s actions as the trash does', () => {
    expect(describeBulk('delete', 12345, { search: 'lisbon' }, words)).toBe("Move 12,345 files matching search 'lisbon' to the trash");
    expect(describeBulk('delete', 40, {}, words)).toBe('Move all 40 files to the trash');
    expect(describeBulk('purge', 7, { isActive: 0 }, words)).toBe('Delete forever 7 files matching Inactive');
    expect(describeBulk('restore', 1, {}, words)).toBe('Restore 1 file');
    expect(actionName('delete', words)).toBe('Delete');
  });

  it('sums up how the job went, in the words of its action', () => {
    expect(jobSummary(job({ done: 12340, unchanged: 5 }), 'deactivate', words)).toBe('12,340 deactivated, 5 were already inactive');
    expect(jobSummary(job({ done: 1, conflict: 2, failed: 1 }), 'activate', words)).toBe(
      '1 activated, 2 were changed by someone else meanwhile and left as they were, 1 failed',
    );
    expect(jobSummary(job({ done: 30, unchanged: 1 }), 'delete', words)).toBe('30 moved to the trash, 1 was already in the trash');
    expect(jobSummary(job({ done: 30 }), 'restore', words)).toBe('30 restored');
    expect(jobSummary(job({ done: 2, unchanged: 3 }), 'purge', words)).toBe('2 deleted forever, 3 were already gone');
  });
});
