import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Stack } from '@mui/material';
import { useId } from 'react';
import { CheckSummary } from './check-summary';
import { DropZone } from './drop-zone';
import { LanguageSelect } from './language-select';
import { makeSubTmp } from './lib/sub-tmp';
import { useSubtitleUpload } from './use-subtitle-upload';
import { isUploadRule } from './lib/upload-validation';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

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

function UploadForm({ fileId, onClose, onUploaded }: UploadDialogProps) {
  const titleId = useId();
  const { state, dispatch, upload } = useSubtitleUpload(fileId, () => {
    onUploaded();
    onClose();
  });
  const { lang, langError, chosen, check, fileError, checkRequest, progress } = state;
  const busy = progress !== null;
  const { t } = useTexts(SUBTITLE_TEXTS);

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('uploadTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <LanguageSelect
            value={lang}
            onChange={(code) => dispatch({ type: 'language', lang: code })}
            error={langError ? t(langError) : null}
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
              {isUploadRule(fileError) ? t(fileError) : fileError}
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
              <LinearProgress variant="determinate" value={Math.round((progress ?? 0) * 100)} aria-label={t('uploadProgress')} />
            </Box>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={upload} disabled={busy || check === 'checking'} aria-busy={busy}>
          {busy ? t('uploading') : t('uploadButton')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
