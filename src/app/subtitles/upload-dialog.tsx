import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack } from '@mui/material';
import { useEffect, useId, useReducer, useRef } from 'react';
import type { SubtitleCheck } from '../../contract/subtitle-text';
import { uploadSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { CheckSummary } from './check-summary';
import { DropZone } from './drop-zone';
import { LanguageSelect } from './language-select';
import { makeSubTmp } from './lib/sub-tmp';
import { charsetToSend, initialUploadState, uploadReducer, uploadVerdict } from './lib/upload-state';

export const UPLOAD_FAILED = 'Failed to upload subtitle';

interface UploadDialogProps {
  open: boolean;
  fileId: number;
  onClose: () => void;
  onUploaded: () => void;
}

/** Upload Subtitle. Mounted fresh on every open, so a closed dialog forgets its file. */
export function UploadDialog(props: UploadDialogProps) {
  return props.open ? <UploadForm {...props} /> : null;
}

/** Runs the check before upload; the checker (parsers, code-page models) loads only when a file is chosen. */
function runCheck(file: File, encoding: string | null, done: (check: SubtitleCheck | null) => void) {
  import('../../contract/subtitle-text')
    .then((module) => module.checkSubtitleFile(file, file.name, encoding ? { encoding } : {}))
    .then(done, (error: unknown) => {
      // The check is a help, not a gate: if it breaks, the server still validates and detects.
      console.error('vp-file-editor: the subtitle check failed.', error);
      done(null);
    });
}

function UploadForm({ fileId, onClose, onUploaded }: UploadDialogProps) {
  const api = useApi();
  const notify = useNotify();
  const titleId = useId();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const { lang, langError, chosen, check, fileError, checkRequest, progress } = state;
  const busy = progress !== null;
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  useEffect(() => {
    if (checkRequest)
      runCheck(checkRequest.file, checkRequest.encoding, (result) => dispatch({ type: 'checked', request: checkRequest, check: result }));
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
        file: chosen!.file,
        fileId,
        lang,
        subTmp: chosen!.subTmp,
        ...(charset ? { charset } : {}),
        onProgress: (fraction) => dispatch({ type: 'progress', fraction }),
        signal: abort.current.signal,
      });
      notify.byStatus(reply.status, reply.message);
      if (reply.status !== 'error') {
        onUploaded();
        onClose();
        return;
      }
    } catch (error) {
      notify.error(error, UPLOAD_FAILED);
    }
    dispatch({ type: 'upload-failed' });
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Upload Subtitle</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <LanguageSelect
            value={lang}
            onChange={(code) => dispatch({ type: 'language', lang: code })}
            error={langError}
            disabled={busy}
            autoFocus
          />
          <DropZone
            file={chosen?.file ?? null}
            disabled={busy}
            invalid={Boolean(fileError)}
            onFile={(file) => dispatch({ type: 'file-chosen', file, subTmp: makeSubTmp(file.name) })}
            onRemove={() => dispatch({ type: 'file-removed' })}
          />
          {fileError ? (
            <Alert severity="error" role="alert">
              {fileError}
            </Alert>
          ) : null}
          {check && !fileError ? (
            <CheckSummary
              check={check}
              overridden={Boolean(checkRequest?.encoding)}
              onEncoding={(encoding) => dispatch({ type: 'encoding-picked', encoding })}
              disabled={busy}
            />
          ) : null}
          {busy ? (
            <Box>
              <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label="Upload progress" />
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={upload} disabled={busy || check === 'checking'} aria-busy={busy}>
          {busy ? 'Uploading...' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
