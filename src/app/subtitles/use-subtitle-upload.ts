import { useEffect, useReducer, useRef } from 'react';
import type { SubtitleCheck } from '../../subtitle-text';
import { uploadSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { charsetToSend, initialUploadState, uploadReducer, uploadVerdict, type CheckRequest } from './lib/upload-state';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

/** Runs the check before upload; the checker (parsers, code-page models) loads only when a file is chosen. */
function runCheck({ file, encoding, language }: CheckRequest, done: (check: SubtitleCheck | null) => void) {
  import('../../subtitle-text')
    .then((module) => module.checkSubtitleFile(file, file.name, { ...(encoding ? { encoding } : {}), ...(language ? { language } : {}) }))
    .then(done, (error: unknown) => {
      // The check is a help, not a gate: if it breaks, the server still validates and detects.
      console.error('vp-file-editor: the subtitle check failed.', error);
      done(null);
    });
}

/**
 * The Upload Subtitle dialog's behaviour: its state (the reducer), the check of each chosen file,
 * and the upload with progress. A failed upload keeps the language and the chosen file; closing the
 * dialog aborts an upload in flight.
 */
export function useSubtitleUpload(fileId: number, onDone: () => void) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(SUBTITLE_TEXTS);
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const { checkRequest } = state;
  useEffect(() => {
    if (checkRequest) runCheck(checkRequest, (result) => dispatch({ type: 'checked', request: checkRequest, check: result }));
  }, [checkRequest]);

  const upload = async () => {
    const verdict = uploadVerdict(state);
    if (!verdict.send) {
      if (verdict.langError || verdict.fileError) dispatch({ type: 'upload-refused', ...verdict });
      return;
    }
    abort.current = new AbortController();
    dispatch({ type: 'progress', fraction: 0 });
    try {
      const charset = charsetToSend(state);
      const reply = await uploadSubtitle(api, {
        file: state.chosen!.file,
        fileId,
        lang: state.lang,
        subTmp: state.chosen!.subTmp,
        ...(charset ? { charset } : {}),
        onProgress: (fraction) => dispatch({ type: 'progress', fraction }),
        signal: abort.current.signal,
      });
      notify.byStatus(reply.status, reply.message);
      if (reply.status !== 'error') {
        onDone();
        return;
      }
    } catch (error) {
      notify.error(error, t('uploadFailed'));
    }
    dispatch({ type: 'upload-failed' });
  };

  return { state, dispatch, upload };
}
