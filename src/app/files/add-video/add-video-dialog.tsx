import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useRef, type FormEvent } from 'react';
import type { VideoFile } from '../../api/schemas';
import { numberFormat, useTexts } from '../../i18n/texts';
import { CloudUploadIcon, VideoLibraryIcon } from '../../ui/icons';
import { useFileDrop } from '../../ui/use-file-drop';
import { UI_TEXTS } from '../../ui/texts';
import { ADD_VIDEO_TEXTS } from './add-video-texts';
import { useAddVideo } from './use-add-video';

const MB = 1024 * 1024;
const oneDecimal = new Map<string, Intl.NumberFormat>();
/** '2.4 MB', '37 MB': one decimal under 10 MB, the number as the locale writes it ('2,4 MB' in Vietnamese). */
function formatMB(bytes: number, locale: string): string {
  const value = bytes / MB;
  if (value >= 10) return `${numberFormat(locale).format(Math.round(value))} MB`;
  let format = oneDecimal.get(locale);
  if (!format) oneDecimal.set(locale, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })));
  return `${format.format(value)} MB`;
}

interface AddVideoDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (file: VideoFile) => void;
}

/**
 * Add video: drop or choose a video file, or paste its URL; a title (required) and a slug
 * (optional). The upload shows its progress and can be cancelled; a failure says why and keeps what
 * was chosen and typed.
 */
export default function AddVideoDialog({ open, onClose, onAdded }: AddVideoDialogProps) {
  const { t, locale } = useTexts(ADD_VIDEO_TEXTS);
  const ui = useTexts(UI_TEXTS);
  const titleId = useId();
  const sourceId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { form, errors, progress, failure, busy, change, submit, cancel } = useAddVideo((file) => {
    onAdded(file);
    onClose();
  });
  const { over, dropProps, onInputChange } = useFileDrop((file) => change({ file }), busy);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const close = () => (busy ? cancel() : onClose());

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <input ref={input} type="file" hidden accept="video/*" aria-label={t('videoFile')} onChange={onInputChange} />
            <Box
              role="group"
              aria-labelledby={sourceId}
              {...dropProps}
              sx={{
                p: 2,
                border: 2,
                borderStyle: 'dashed',
                borderRadius: 1,
                borderColor: errors.source ? 'error.main' : over ? 'primary.main' : 'divider',
                bgcolor: over ? 'action.hover' : 'transparent',
              }}
            >
              {form.file ? (
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <VideoLibraryIcon color="action" aria-hidden />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography id={sourceId} sx={{ wordBreak: 'break-all' }}>
                      {form.file.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {formatMB(form.file.size, locale)}
                    </Typography>
                  </Box>
                  <Button onClick={() => change({ file: null })} disabled={busy}>
                    {t('remove')}
                  </Button>
                </Stack>
              ) : (
                <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
                  <CloudUploadIcon color="action" aria-hidden />
                  <Typography id={sourceId}>{t('dropHere')}</Typography>
                  <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
                    {t('chooseFile')}
                  </Button>
                </Stack>
              )}
            </Box>
            <TextField
              label={t('urlLabel')}
              placeholder={t('urlPlaceholder')}
              fullWidth
              type="url"
              value={form.url}
              onChange={(event) => change({ url: event.target.value })}
              disabled={busy || Boolean(form.file)}
              error={Boolean(errors.source)}
              helperText={errors.source ? t(errors.source) : t(form.file ? 'fileChosen' : 'urlHint')}
            />
            <TextField
              label={t('titleLabel')}
              required
              fullWidth
              value={form.title}
              onChange={(event) => change({ title: event.target.value })}
              disabled={busy}
              error={Boolean(errors.title)}
              helperText={errors.title ? t(errors.title) : undefined}
            />
            <TextField
              label={t('slugLabel')}
              fullWidth
              value={form.slug}
              onChange={(event) => change({ slug: event.target.value })}
              disabled={busy}
              error={Boolean(errors.slug)}
              helperText={errors.slug ? t(errors.slug) : t('slugHint')}
            />
            {progress !== null ? (
              <Box role="status" aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {form.file ? t('uploading', { percent: Math.round(progress * 100) }) : t('adding')}
                </Typography>
                <LinearProgress
                  variant={form.file ? 'determinate' : 'indeterminate'}
                  value={progress * 100}
                  aria-label={t('progressLabel')}
                />
              </Box>
            ) : null}
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{ui.t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
            {t('title')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
