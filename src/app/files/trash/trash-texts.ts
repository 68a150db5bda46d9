import { defineTexts } from '../../i18n/texts';

/** The Trash view's words: in its own chunk, with the view. */
export const TRASH_TEXTS = defineTexts('trash', {
  heading: 'Trash',
  keptFor: {
    one: 'Deleted files stay here for {count} day, then they are deleted for good. Restore brings a file back as it was: same ID, player link and subtitles.',
    other:
      'Deleted files stay here for {count} days, then they are deleted for good. Restore brings a file back as it was: same ID, player link and subtitles.',
  },
  keptForever:
    'Deleted files stay here until you delete them for good. Restore brings a file back as it was: same ID, player link and subtitles.',
  listHeadingCount: 'Deleted files ({total})',
  listHeading: 'Deleted files',
  list: 'Deleted files',
  empty: 'The trash is empty.',
  columnDeleted: 'Deleted',
  columnPurge: 'Deleted for good on',
  deletedAgo: 'deleted {ago}',
  purgedOn: 'deleted for good on {date}',
  neverPurged: 'Never',
  notPurged: 'kept until you delete it for good',
  justNow: 'just now',
  restore: 'Restore',
  restoreFile: 'Restore file {id}',
  purge: 'Delete forever',
  purgeFile: 'Delete forever file {id}',
  purgeTitle: 'Delete forever?',
  purgeOne: '{title} (ID {id}) and its subtitles will be deleted for good. This cannot be undone.',
  purgeMany: {
    one: '{count} file and its subtitles will be deleted for good. This cannot be undone.',
    other: '{count} files and their subtitles will be deleted for good. This cannot be undone.',
  },
  purging: 'Deleting...',
  restored: { one: '{count} file restored.', other: '{count} files restored.' },
  purged: { one: '{count} file deleted forever.', other: '{count} files deleted forever.' },
});
