import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { uploadSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { CheckSummary } from './check-summary';
import { DropZone } from './drop-zone';
import { LanguageSelect } from './language-select';
import type { SubtitleCheck } from './lib/check';
import { makeSubTmp } from './lib/sub-tmp';
import { UPLOAD_MESSAGES, validateUpload } from './lib/upload-validation';

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

type Chosen = { file: File; subTmp: string };

function UploadForm({ fileId, onClose, onUploaded }: UploadDialogProps) {
  const api = useApi();
  const notify = useNotify();
  const titleId = useId();
  const [lang, setLang] = useState('');
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [check, setCheck] = useState<SubtitleCheck | 'checking' | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<string | null>(null);
  const [encodings, setEncodings] = useState<readonly string[]>([]);
  const [langError, setLangError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;
  const abort = useRef<AbortController | null>(null);
  const current = useRef<File | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (file: File) => {
    // A new sub_tmp per chosen file; a retry of the same file reuses it, so the server never stores it twice.
    current.current = file;
    setChosen({ file, subTmp: makeSubTmp(file.name) });
    setCheck(null);
    setEncoding(null);
    const rule = validateUpload({ file, language: 'x' });
    setFileError(rule);
    if (!rule) runCheck(file);
  };

  const runCheck = (file: File, chosenEncoding?: string) => {
    setCheck('checking');
    // The checker (parsers, code-page tables) is loaded only when a file is chosen.
    import('./lib/check')
      .then((module) => {
        setEncodings(module.SUPPORTED_ENCODINGS);
        return module.checkSubtitleFile(file, file.name, chosenEncoding ? { encoding: chosenEncoding } : {});
      })
      .then(
        (result) => {
          if (current.current !== file) return;
          setCheck(result);
          setFileError(result.ok ? null : result.reason);
        },
        (error: unknown) => {
          // The check is a help, not a gate: if it breaks, the server still validates.
          console.error('vp-file-editor: the subtitle check failed.', error);
          if (current.current === file) setCheck(null);
        },
      );
  };

  const reread = (next: string) => {
    if (!chosen) return;
    setEncoding(next);
    runCheck(chosen.file, next);
  };

  const remove = () => {
    current.current = null;
    setEncoding(null);
    setChosen(null);
    setCheck(null);
    setFileError(null);
  };

  const upload = async () => {
    const rule = validateUpload({ file: chosen?.file ?? null, language: lang });
    if (rule === UPLOAD_MESSAGES.noLanguage) {
      setLangError(rule);
      return;
    }
    if (rule || !chosen) {
      setFileError(rule ?? UPLOAD_MESSAGES.noFile);
      return;
    }
    if (check === 'checking' || (check && !check.ok)) return;
    abort.current = new AbortController();
    setProgress(0);
    try {
      const reply = await uploadSubtitle(api, { file: chosen.file, fileId, lang, subTmp: chosen.subTmp, onProgress: setProgress, signal: abort.current.signal });
      notify.byStatus(reply.status, reply.message);
      if (reply.status !== 'error') {
        onUploaded();
        onClose();
        return;
      }
    } catch (error) {
      notify.error(error, UPLOAD_FAILED);
    }
    setProgress(null); // A failed upload keeps the chosen file and language.
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Upload Subtitle</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <LanguageSelect value={lang} onChange={(code) => (setLang(code), setLangError(null))} error={langError} disabled={busy} autoFocus />
          <DropZone file={chosen?.file ?? null} disabled={busy} invalid={Boolean(fileError)} onFile={choose} onRemove={remove} />
          {fileError ? (
            <Alert severity="error" role="alert">
              {fileError}
            </Alert>
          ) : null}
          {check && !fileError ? <CheckSummary check={check} encodings={encodings} overridden={encoding !== null} onEncoding={reread} disabled={busy} /> : null}
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
