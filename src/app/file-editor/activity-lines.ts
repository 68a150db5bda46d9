import * as v from 'valibot';
import type { ActivityEntry } from '../api/activity';
import { playerAccessSchema, type PlayerAccess } from '../../contract/player-access';
import { formatDateTime } from '../i18n/format';
import { languageLabel } from '../i18n/languages';
import type { TextFn } from '../i18n/texts';
import type { ACTIVITY_TEXTS } from './activity-texts';

type ActivityText = TextFn<typeof ACTIVITY_TEXTS.en>;

const SUBTITLE_ACTIONS = ['subtitle_add', 'subtitle_update', 'subtitle_trash', 'subtitle_restore', 'subtitle_purge'] as const;
type SubtitleAction = (typeof SUBTITLE_ACTIONS)[number];
const isSubtitleAction = (action: string): action is SubtitleAction => (SUBTITLE_ACTIONS as readonly string[]).includes(action);

/** `{before, after}` of a detail field, when the server sent one. */
function beforeAfter(value: unknown): { before: unknown; after: unknown } | null {
  return typeof value === 'object' && value !== null && 'before' in value && 'after' in value
    ? (value as { before: unknown; after: unknown })
    : null;
}

const isPlayerAccess = (value: unknown): value is PlayerAccess => v.is(playerAccessSchema, value);

/** How a new file's video came (`create`'s `detail.via`), as the server names it. */
const VIA = { upload: 'viaUpload', url: 'viaUrl', tus: 'viaTus' } as const;

/**
 * What one entry of the activity log says, one line per change: 'Added by demo (upload)', 'Processing
 * completed', 'Title: “A” → “B”', 'Status: Active → Inactive', 'Subtitle added: English (srt)', 'Moved
 * to the trash'. `language` and `locale` name the subtitle languages in the element's language.
 */
export function activityLines(entry: ActivityEntry, t: ActivityText, language: string, locale: string): string[] {
  const { action, detail } = entry;
  const lang = (code: unknown) => (typeof code === 'string' ? languageLabel(code, language, locale) : '');
  const flag = (value: unknown) => t(value === 1 || value === true ? 'active' : 'inactive');
  const quoted = (value: unknown) => `“${String(value)}”`;
  const time = (value: unknown) => (typeof value === 'string' ? formatDateTime(value, locale) : t('noTime'));
  // A file's own downloads setting: allowed, not, or null (it follows its account's).
  const downloads = (value: unknown) =>
    t(value === true ? 'downloadsAllowed' : value === false ? 'downloadsNotAllowed' : 'downloadsFollowAccount');
  // Where a file may play (D53): its own setting, or null (it follows its account's default).
  const access = (value: unknown) => {
    if (!isPlayerAccess(value)) return t('accessFollowAccount');
    const where =
      value.embed === 'sites'
        ? t('accessSites', { sites: value.sites.join(', ') })
        : t(value.embed === 'nowhere' ? 'accessNowhere' : 'accessAnywhere');
    return value.signed ? t('accessSigned', { where }) : where;
  };
  if (action === 'update') {
    const fields: [
      string,
      'fieldTitle' | 'fieldSlug' | 'fieldStatus' | 'fieldActivateAt' | 'fieldDeactivateAt' | 'fieldDownloads' | 'fieldPlayerAccess',
      (value: unknown) => string,
    ][] = [
      ['file_title', 'fieldTitle', quoted],
      ['file_slug', 'fieldSlug', String],
      ['isActive', 'fieldStatus', flag],
      ['activate_at', 'fieldActivateAt', time],
      ['deactivate_at', 'fieldDeactivateAt', time],
      ['downloads', 'fieldDownloads', downloads],
      ['player_access', 'fieldPlayerAccess', access],
    ];
    return fields.flatMap(([key, label, show]) => {
      const change = beforeAfter(detail[key]);
      return change ? [t('changed', { field: t(label), before: show(change.before), after: show(change.after) })] : [];
    });
  }
  if (action === 'create') {
    const via = VIA[String(detail.via) as keyof typeof VIA];
    // A change made with an API key names the key (decision D55).
    const actor = entry.source === 'key' ? t('actorKey', { name: entry.actor }) : entry.actor;
    return [t('create', { actor, via: via ? t(via) : String(detail.via ?? '') })];
  }
  if (action === 'fail' || action === 'downloads_fail') return [t(action, { reason: String(detail.reason ?? '') })];
  if (action === 'trash' || action === 'restore' || action === 'purge' || action === 'complete') return [t(action)];
  if (action === 'schedule_activate' || action === 'schedule_deactivate' || action === 'poster_set' || action === 'poster_reset')
    return [t(action)];
  if (action === 'chapters_add') return [t(action, { count: Number(detail.chapters ?? 0) })];
  if (action === 'chapters_edit') return [t(action, { count: Number(detail.chapters ?? 0), version: String(detail.version_no ?? '') })];
  if (action === 'chapters_trash') return [t(action)];
  if (action === 'subtitle_edit' || action === 'subtitle_version_restore')
    return [t(action, { language: lang(detail.sub_lang), version: String(detail.version_no ?? '') })];
  if (isSubtitleAction(action)) {
    const lines = [t(action, { language: lang(detail.sub_lang), format: String(detail.format ?? '') })];
    const language = beforeAfter(detail.language);
    if (language) lines.push(t('changed', { field: t('fieldLanguage'), before: lang(language.before), after: lang(language.after) }));
    const charset = beforeAfter(detail.charset);
    if (charset) lines.push(t('changed', { field: t('fieldEncoding'), before: String(charset.before), after: String(charset.after) }));
    return lines;
  }
  return [t('other', { action })];
}
