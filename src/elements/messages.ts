/**
 * Every area's English texts, in one list: the shape of a complete catalogue (`Catalogue`) and of
 * the `messages` property (`Messages`) follow from it. Only types and tests read this module, so no
 * page downloads the English texts of screens it does not show.
 */
import { API_TEXTS } from '../app/api/texts';
import { AUTH_TEXTS } from '../app/auth/texts';
import { ACTIVITY_TEXTS } from '../app/file-editor/activity-texts';
import { AUDIENCE_TEXTS } from '../app/file-editor/audience-texts';
import { EMBED_TEXTS } from '../app/file-editor/embed-builder-texts';
import { ACCESS_TEXTS } from '../app/shared/player-access-texts';
import { PREVIEW_TEXTS } from '../app/file-editor/preview-texts';
import { DOWNLOADS_CARD_TEXTS, DOWNLOADS_TEXTS } from '../app/file-editor/downloads-texts';
import { POSTER_TEXTS } from '../app/file-editor/poster-texts';
import { SCHEDULE_TEXTS } from '../app/file-editor/schedule-texts';
import { EDITOR_TEXTS } from '../app/file-editor/texts';
import { ADD_VIDEO_TEXTS } from '../app/files/add-video/add-video-texts';
import { BULK_JOB_TEXTS } from '../app/files/bulk/bulk-job-texts';
import { BULK_SET_TEXTS } from '../app/files/bulk/bulk-set-texts';
import { FILES_TEXTS } from '../app/files/texts';
import { TRASH_TEXTS } from '../app/files/trash/trash-texts';
import type { CatalogueOf, Message } from '../app/i18n/texts';
import { KEYS_TEXTS } from '../app/keys/texts';
import { WEBHOOKS_TEXTS } from '../app/webhooks/texts';
import { DEFAULT_ACCESS_TEXTS } from '../app/default-access/texts';
import { ACCOUNT_VIEWS_TEXTS } from '../app/panel/account-views-texts';
import { DASHBOARD_TEXTS } from '../app/panel/dashboard-texts';
import { FRAME_TEXTS } from '../app/panel/frame-texts';
import { PANEL_TEXTS } from '../app/panel/texts';
import { CONFLICT_TEXTS } from '../app/shared/conflict-texts';
import { DELETE_FILE_TEXTS } from '../app/shared/delete-file-texts';
import { EXPORT_RANGE_TEXTS } from '../app/shared/export-range-texts';
import { KEEP_SCHEDULE_TEXTS } from '../app/shared/keep-schedule-texts';
import { LIVE_TEXTS } from '../app/shared/live-texts';
import { VIEW_DEFINITION_TEXTS } from '../app/shared/view-definition-texts';
import { SHELL_TEXTS } from '../app/shell/texts';
import { CUE_TEXTS } from '../app/subtitles/cue-editor/texts';
import { SUBTITLE_TEXTS } from '../app/subtitles/texts';
import { CHAPTERS_CARD_TEXTS } from '../app/subtitles/chapters/chapters-card-texts';
import { CHAPTER_TEXTS } from '../app/subtitles/chapters/chapters-texts';
import { VERSION_TEXTS } from '../app/subtitles/versions/texts';
import { UI_TEXTS } from '../app/ui/texts';

export const ALL_TEXTS = [
  AUTH_TEXTS,
  SHELL_TEXTS,
  FRAME_TEXTS,
  DELETE_FILE_TEXTS,
  PANEL_TEXTS,
  DASHBOARD_TEXTS,
  ACCOUNT_VIEWS_TEXTS,
  EXPORT_RANGE_TEXTS,
  VIEW_DEFINITION_TEXTS,
  FILES_TEXTS,
  TRASH_TEXTS,
  KEYS_TEXTS,
  WEBHOOKS_TEXTS,
  DEFAULT_ACCESS_TEXTS,
  BULK_JOB_TEXTS,
  BULK_SET_TEXTS,
  ADD_VIDEO_TEXTS,
  LIVE_TEXTS,
  EDITOR_TEXTS,
  PREVIEW_TEXTS,
  ACCESS_TEXTS,
  EMBED_TEXTS,
  CONFLICT_TEXTS,
  ACTIVITY_TEXTS,
  SCHEDULE_TEXTS,
  AUDIENCE_TEXTS,
  DOWNLOADS_TEXTS,
  DOWNLOADS_CARD_TEXTS,
  POSTER_TEXTS,
  KEEP_SCHEDULE_TEXTS,
  SUBTITLE_TEXTS,
  CHAPTER_TEXTS,
  CHAPTERS_CARD_TEXTS,
  CUE_TEXTS,
  VERSION_TEXTS,
  UI_TEXTS,
  API_TEXTS,
] as const;

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** A complete catalogue: every key of every area (`files.empty`, `editor.slugHint`, …). */
export type Catalogue = { [K in keyof Intersection<CatalogueOf<(typeof ALL_TEXTS)[number]>>]: Message };

/** The `messages` property: any keys of the catalogue, over the element's language. */
export type Messages = Partial<Catalogue>;

/** The English catalogue, flat (for tests and for hosts that start a translation from it). */
export function englishCatalogue(): Catalogue {
  return Object.fromEntries(
    ALL_TEXTS.flatMap((texts) => Object.entries(texts.en).map(([key, value]) => [`${texts.namespace}.${key}`, value])),
  ) as Catalogue;
}
