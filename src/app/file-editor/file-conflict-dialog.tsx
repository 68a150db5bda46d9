import type { ActivityEntry } from '../api/activity';
import type { VideoFile } from '../api/schemas';
import { useTexts } from '../i18n/texts';
import { ConflictDialog } from '../shared/conflict-dialog';
import { EDITOR_TEXTS } from './texts';
import type { FileForm } from './validate-file-form';

export type ConflictField = 'file_title' | 'file_slug' | 'isActive';

export interface FileConflictDialogProps {
  /** The file as the server has it now (the 412's `data`). */
  theirs: VideoFile;
  /** What the operator typed. */
  mine: FileForm;
  /** The fields both changed, to different values. */
  fields: readonly ConflictField[];
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onClose(): void;
}

/** The conflict dialog over the File Information form's fields. Its own chunk, loaded with the first conflict. */
export default function FileConflictDialog({ theirs, mine, fields, ...choices }: FileConflictDialogProps) {
  const { t } = useTexts(EDITOR_TEXTS);
  const label: Record<ConflictField, string> = { file_title: t('title'), file_slug: t('slug'), isActive: t('status') };
  const shown = (field: ConflictField, value: string | number) => (field === 'isActive' ? t(value === 1 ? 'active' : 'inactive') : value);
  const mineOf: Record<ConflictField, string | number> = {
    file_title: mine.title.trim(),
    file_slug: mine.slug.trim(),
    isActive: mine.isActive,
  };
  // The newest edit of the file's own fields that touched one of these.
  const isChange = (entry: ActivityEntry) => entry.action === 'update' && fields.some((field) => field in entry.detail);
  return (
    <ConflictDialog
      subject="file"
      fileId={theirs.file_id}
      rows={fields.map((field) => ({ field, label: label[field], theirs: shown(field, theirs[field]), mine: shown(field, mineOf[field]) }))}
      isChange={isChange}
      {...choices}
    />
  );
}
