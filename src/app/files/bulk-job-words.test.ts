import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../i18n/texts';
import { BULK_JOB_TEXTS } from './bulk-job-texts';
import { describeBulk, jobSummary } from './bulk-job-words';
import { FILES_TEXTS } from './texts';

const t = translator(BULK_JOB_TEXTS, ENGLISH).t;
const ft = translator(FILES_TEXTS, ENGLISH).t;
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
    expect(describeBulk('deactivate', 12345, { search: 'lisbon', isActive: 1 }, t, ft)).toBe(
      "Deactivate 12,345 files matching search 'lisbon', Active",
    );
    expect(describeBulk('activate', 3, { file_status: 4 }, t, ft)).toBe('Activate 3 files matching Download Failed');
    expect(describeBulk('activate', 1, { isActive: 0 }, t, ft)).toBe('Activate 1 file matching Inactive');
    expect(describeBulk('deactivate', 2000, {}, t, ft)).toBe('Deactivate all 2,000 files');
  });

  it('sums up how the job went', () => {
    expect(jobSummary(job({ done: 12340, unchanged: 5 }), 'deactivate', t)).toBe('12,340 deactivated, 5 were already inactive');
    expect(jobSummary(job({ done: 1, conflict: 2, failed: 1 }), 'activate', t)).toBe(
      '1 activated, 2 were changed by someone else meanwhile and left as they were, 1 failed',
    );
  });
});
