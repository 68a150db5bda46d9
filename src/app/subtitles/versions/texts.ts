import { defineTexts } from '../../i18n/texts';

/** The versions dialog's words: in its own chunk, not the Subtitle card's (which has only the button's). */
export const VERSION_TEXTS = defineTexts('subtitleVersions', {
  versionsLoading: 'Loading the versions…',
  versionsFailed: 'The versions could not be loaded.',
  versionName: 'Version {n}',
  currentVersion: 'current',
  kindUpload: 'Uploaded',
  kindEdit: 'Edited',
  kindRestore: 'Restored',
  download: 'Download',
  downloadVersionLabel: 'Download version {n}',
  downloadOriginal: 'Download original',
  downloadFailed: 'The file could not be downloaded.',
  restore: 'Restore',
  restoreVersionLabel: 'Restore version {n}',
  restoreTitle: 'Restore version {n}?',
  restoreText:
    "Version {n}'s text is saved again as the track's newest version, and the player shows it. The current text stays in the list and can be restored too.",
  restoring: 'Restoring...',
  versionRestored: 'Version {n} restored',
  notRestored:
    'Nothing was restored: someone else changed this subtitle meanwhile. The list now shows their version: restore again if you still want to.',
  restoreFailed: 'Failed to restore the version',
  close: 'Close',
});
