import { defineTexts } from '../i18n/texts';

/** 'Confirm Deletion' for a file: in the chunk of the dialog, which loads when a delete is first asked for. */
export const DELETE_FILE_TEXTS = defineTexts('deleteFile', {
  deleteTitle: 'Confirm Deletion',
  deleteConfirm: 'Delete',
  deleteQuestion: 'Are you sure you want to delete this file?',
  deleteNamed: '{title} (ID {id}) will be moved to the trash.',
  deleteUnnamed: '{file} will be moved to the trash.',
  /** After deleteNamed/deleteUnnamed: how long the trash keeps it (the server's `trash.days`). */
  trashFor: { one: 'You can restore it from there for {count} day.', other: 'You can restore it from there for {count} days.' },
  trashKept: 'You can restore it from there.',
  undo: 'Undo',
  restored: 'File restored',
  restoreFailed: 'Failed to restore the file. It is still in the trash.',
  quotedTitle: '“{title}”',
  fileNumber: 'File {id}',
  deleteSuccess: 'File deleted successfully!',
  deleteFailure: 'Failed to delete file.',
});
