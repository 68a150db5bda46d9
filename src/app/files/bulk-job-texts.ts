import { defineTexts } from '../i18n/texts';

/** The words of a bulk action over every file a filter matches: in its own chunk, loaded on "Select all … matching". */
export const BULK_JOB_TEXTS = defineTexts('bulkJob', {
  allSelected: { one: '{count} file matching this filter is selected', other: 'All {count} files matching this filter are selected' },
  allSelectedNoFilter: { one: '{count} file is selected', other: 'All {count} files are selected' },
  describeFiltered: { one: '{action} {count} file matching {filter}', other: '{action} {count} files matching {filter}' },
  describeAll: { one: '{action} {count} file', other: '{action} all {count} files' },
  filterSearch: "search '{search}'",
  filterSeparator: ', ',
  confirmTitle: { one: '{action} {count} file?', other: '{action} {count} files?' },
  confirmBody: 'The server does this in the background: you can keep working, and you get a result for every file.',
  working: '{done} of {total} files',
  collecting: 'Finding the files…',
  activated: { one: '{count} activated', other: '{count} activated' },
  deactivated: { one: '{count} deactivated', other: '{count} deactivated' },
  alreadyActive: { one: '{count} was already active', other: '{count} were already active' },
  alreadyInactive: { one: '{count} was already inactive', other: '{count} were already inactive' },
  conflicts: {
    one: '{count} was changed by someone else meanwhile and left as it was',
    other: '{count} were changed by someone else meanwhile and left as they were',
  },
  failures: { one: '{count} failed', other: '{count} failed' },
  summarySeparator: ', ',
  jobFailed: 'The bulk action stopped: {reason}',
  countMoved: {
    one: 'The filter now matches {count} file: nothing was changed. Check the list and try again.',
    other: 'The filter now matches {count} files: nothing was changed. Check the list and try again.',
  },
  retryFailed: { one: 'Retry the failed file', other: 'Retry the {count} failed files' },
  describeRetry: { one: '{action} the {count} file that failed', other: '{action} the {count} files that failed' },
  downloadResults: 'Download results (CSV)',
  downloadFailed: 'The results could not be downloaded.',
  done: 'Done',
  progressLabel: 'Bulk action progress',
});
