import type { ActivityEntry } from '../api/activity';
import type { Subtitle } from '../api/schemas';
import { languageLabel } from '../i18n/languages';
import { useTexts } from '../i18n/texts';
import { ConflictDialog } from '../shared/conflict-dialog';
import { SUBTITLE_TEXTS } from './texts';

export type SubtitleConflictField = 'sub_lang' | 'sub_charset';

export interface SubtitleConflictDialogProps {
  /** The track as the server has it now (the 412's `data`). */
  theirs: Subtitle;
  /** What the operator chose in Edit Subtitle. */
  mine: { lang: string; charset: string | undefined };
  /** The fields both changed, to different values. */
  fields: readonly SubtitleConflictField[];
  busy: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
  onClose(): void;
}

/** How the activity log names each field in a `subtitle_update` entry. */
const LOGGED_AS: Record<SubtitleConflictField, string> = { sub_lang: 'language', sub_charset: 'charset' };

/** The conflict dialog over Edit Subtitle's fields. Its own chunk, loaded with the first conflict. */
export default function SubtitleConflictDialog({ theirs, mine, fields, ...choices }: SubtitleConflictDialogProps) {
  const { t, language, locale } = useTexts(SUBTITLE_TEXTS);
  const shown = (field: SubtitleConflictField, value: string | null | undefined) =>
    field === 'sub_lang' ? languageLabel(value ?? '', language, locale) : (value ?? '').toUpperCase();
  const label: Record<SubtitleConflictField, string> = { sub_lang: t('language'), sub_charset: t('encoding') };
  const mineOf: Record<SubtitleConflictField, string | undefined> = { sub_lang: mine.lang, sub_charset: mine.charset };
  // The newest edit of this track that touched one of these fields.
  const isChange = (entry: ActivityEntry) =>
    entry.action === 'subtitle_update' && entry.detail.sub_id === theirs.sub_id && fields.some((field) => LOGGED_AS[field] in entry.detail);
  return (
    <ConflictDialog
      subject="subtitle"
      fileId={theirs.file_id}
      rows={fields.map((field) => ({ field, label: label[field], theirs: shown(field, theirs[field]), mine: shown(field, mineOf[field]) }))}
      isChange={isChange}
      {...choices}
    />
  );
}
