import { isSubtitleExtension, SUBTITLE_MAX_BYTES } from '../../../contract/subtitles';

/**
 * The upload rules, each named by the key of its message in SUBTITLE_TEXTS (the texts of docs/spec.md
 * §5, in English): the dialog shows them in the element's language.
 */
export const UPLOAD_MESSAGES = {
  noFile: 'noFile',
  badExtension: 'badExtension',
  tooLarge: 'tooLarge',
  noLanguage: 'noLanguage',
} as const;
export type UploadRule = (typeof UPLOAD_MESSAGES)[keyof typeof UPLOAD_MESSAGES];

/** A rule's key, or else a text of its own (the subtitle check's reason). */
export const isUploadRule = (problem: string): problem is UploadRule => Object.values<string>(UPLOAD_MESSAGES).includes(problem);

export interface UploadDraft {
  file: { name: string; size: number } | null;
  language: string;
}

/**
 * The first failing rule of an upload, or null when it may be sent. Order: file, extension, size,
 * language — the file comes first because it is the bigger step and choosing it may be what the user
 * is doing; a wrong type is reported before its size because a 9 MB .mp4 is wrong for its type.
 * The extension is the LAST one ('x.srt.exe' fails) and case-insensitive ('.SRT' passes); exactly
 * SUBTITLE_MAX_BYTES passes, one byte more fails.
 */
export function validateUpload({ file, language }: UploadDraft): UploadRule | null {
  if (!file) return UPLOAD_MESSAGES.noFile;
  if (!isSubtitleExtension(file.name)) return UPLOAD_MESSAGES.badExtension;
  if (file.size > SUBTITLE_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (language.trim() === '') return UPLOAD_MESSAGES.noLanguage;
  return null;
}

export interface SubtitleEdit {
  lang: string;
  /** The encoding the original is read with; undefined when the server does not say. */
  charset?: string | undefined;
}

/**
 * The edit modal's rule: no language → the error text; the same language and encoding as now →
 * 'no-change' (show the warning 'No changes to save' and close); otherwise null (save).
 */
export function validateSubtitleEdit(current: SubtitleEdit, chosen: SubtitleEdit): typeof UPLOAD_MESSAGES.noLanguage | 'no-change' | null {
  if (chosen.lang.trim() === '') return UPLOAD_MESSAGES.noLanguage;
  return chosen.lang === current.lang && chosen.charset === current.charset ? 'no-change' : null;
}
