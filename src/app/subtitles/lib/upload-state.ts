import type { SubtitleCheck } from '../../../subtitle-text';
import { UPLOAD_MESSAGES, validateUpload, type UploadRule } from './upload-validation';

/** The Upload Subtitle dialog's state: one reducer, so every transition can be tested without React. */
export interface UploadState {
  lang: string;
  /** The rule the language breaks (its message's key). */
  langError: UploadRule | null;
  /** The chosen file and its idempotency key (a new key per chosen file; a retry reuses it). */
  chosen: { file: File; subTmp: string } | null;
  /** What the check before upload found; 'checking' while it runs; null when none ran (or it broke). */
  check: SubtitleCheck | 'checking' | null;
  /** A rule's key (see `isUploadRule`), or the check's own reason. */
  fileError: string | null;
  /**
   * The check due or done: a new object each time the file is to be read again (a file chosen, an
   * encoding picked — `encoding` null = detect —, a language chosen while the encoding is a guess:
   * the language weighs in the detection). The dialog runs a check when it changes; a result for an
   * older request is stale and dropped.
   */
  checkRequest: CheckRequest | null;
  /** Fraction sent, 0 to 1, while uploading; null otherwise. */
  progress: number | null;
}

export interface CheckRequest {
  file: File;
  encoding: string | null;
  /** The track's language as chosen then ('' = none yet): a prior of the detection. */
  language: string;
}

/** Whether a new language may change what the check found: it detected (not picked) a legacy code page. */
const languageMatters = (state: UploadState): boolean =>
  state.checkRequest !== null &&
  state.checkRequest.encoding === null &&
  (state.check === 'checking' || (state.check !== null && state.check.ok && state.check.encodingConfidence !== 'certain'));

export type UploadAction =
  | { type: 'language'; lang: string }
  | { type: 'file-chosen'; file: File; subTmp: string }
  | { type: 'file-removed' }
  | { type: 'encoding-picked'; encoding: string }
  | { type: 'checked'; request: CheckRequest; check: SubtitleCheck | null }
  | { type: 'upload-refused'; langError?: UploadRule; fileError?: string }
  | { type: 'progress'; fraction: number }
  | { type: 'upload-failed' };

export const initialUploadState: UploadState = {
  lang: '',
  langError: null,
  chosen: null,
  check: null,
  fileError: null,
  checkRequest: null,
  progress: null,
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'language':
      if (!languageMatters(state) || action.lang === state.checkRequest!.language) return { ...state, lang: action.lang, langError: null };
      return {
        ...state,
        lang: action.lang,
        langError: null,
        check: 'checking',
        checkRequest: { file: state.checkRequest!.file, encoding: null, language: action.lang },
      };
    case 'file-chosen': {
      // Size and type first: a file that breaks a rule is not read at all.
      const rule = validateUpload({ file: action.file, language: 'any' });
      return {
        ...state,
        chosen: { file: action.file, subTmp: action.subTmp },
        check: rule ? null : 'checking',
        fileError: rule,
        checkRequest: rule ? null : { file: action.file, encoding: null, language: state.lang },
      };
    }
    case 'file-removed':
      return { ...state, chosen: null, check: null, fileError: null, checkRequest: null };
    case 'encoding-picked':
      return state.chosen
        ? { ...state, check: 'checking', checkRequest: { file: state.chosen.file, encoding: action.encoding, language: state.lang } }
        : state;
    case 'checked':
      // The answer to an older request (another file, another encoding) is stale.
      if (action.request !== state.checkRequest) return state;
      return { ...state, check: action.check, fileError: action.check && !action.check.ok ? action.check.reason : null };
    case 'upload-refused':
      return { ...state, langError: action.langError ?? state.langError, fileError: action.fileError ?? state.fileError };
    case 'progress':
      return { ...state, progress: action.fraction };
    case 'upload-failed':
      // A failed upload keeps the chosen file and language, so a retry is one click.
      return { ...state, progress: null };
  }
}

/**
 * Whether Upload may send now, or which messages to show instead: every missing or wrong field at
 * once (a form submitted empty flags the file and the language together), each field's first rule in
 * the order of docs/spec.md §5.
 */
export function uploadVerdict(state: UploadState): { send: true } | { send: false; langError?: UploadRule; fileError?: string } {
  const fileError = validateUpload({ file: state.chosen?.file ?? null, language: 'any' });
  const langError = state.lang.trim() === '' ? UPLOAD_MESSAGES.noLanguage : null;
  if (fileError || langError) return { send: false, ...(fileError ? { fileError } : {}), ...(langError ? { langError } : {}) };
  // Refused by the check (its reason is shown already) or still checking: wait.
  if (state.check === 'checking' || (state.check && !state.check.ok)) return { send: false };
  return { send: true };
}

/**
 * The `sub_charset` to send: the encoding the user saw in the dialog — detected, or picked. Without a
 * check (it failed to load) nothing is sent and the server detects the encoding itself.
 */
export const charsetToSend = (state: UploadState): string | undefined =>
  state.check && state.check !== 'checking' && state.check.ok ? state.check.encoding : undefined;
