import { defineTexts } from '../i18n/texts';

/** 'Confirm Deletion' for a file: in the chunk of the dialog, which loads when a delete is first asked for. */
export const DELETE_FILE_TEXTS = defineTexts('deleteFile', {
  deleteTitle: 'Confirm Deletion',
  deleteConfirm: 'Delete',
  deleteQuestion: 'Are you sure you want to delete this file?',
  deleteNamed: '{title} (ID {id}) will be removed; this cannot be undone.',
  deleteUnnamed: '{file} will be removed; this cannot be undone.',
  quotedTitle: '“{title}”',
  fileNumber: 'File {id}',
  deleteSuccess: 'File deleted successfully!',
  deleteFailure: 'Failed to delete file.',
});
