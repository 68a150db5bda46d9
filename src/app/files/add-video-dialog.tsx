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
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { VideoFile } from '../api/schemas';
import { CloudUploadIcon, VideoLibraryIcon } from '../ui/icons';
import { useAddVideo } from './use-add-video';

const formatMB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

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
/** The dialog's title and its button (the toolbar's button reads the catalogue). */
const ADD_VIDEO = 'Add video';

export default function AddVideoDialog({ open, onClose, onAdded }: AddVideoDialogProps) {
  const titleId = useId();
  const sourceId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { form, errors, progress, failure, busy, change, submit, cancel } = useAddVideo((file) => {
    onAdded(file);
    onClose();
  });
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !busy) change({ file: dropped });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const close = () => (busy ? cancel() : onClose());

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{ADD_VIDEO}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <input
              ref={input}
              type="file"
              hidden
              accept="video/*"
              aria-label="Video file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) change({ file: chosen });
                event.target.value = '';
              }}
            />
            <Box
              role="group"
              aria-labelledby={sourceId}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(true);
              }}
              onDragLeave={() => setOver(false)}
              onDrop={onDrop}
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
                      {formatMB(form.file.size)}
                    </Typography>
                  </Box>
                  <Button onClick={() => change({ file: null })} disabled={busy}>
                    Remove
                  </Button>
                </Stack>
              ) : (
                <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
                  <CloudUploadIcon color="action" aria-hidden />
                  <Typography id={sourceId}>Drop a video here, or</Typography>
                  <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
                    Choose a file
                  </Button>
                </Stack>
              )}
            </Box>
            <TextField
              label="Or paste a video URL"
              placeholder="https://"
              fullWidth
              type="url"
              value={form.url}
              onChange={(event) => change({ url: event.target.value })}
              disabled={busy || Boolean(form.file)}
              error={Boolean(errors.source)}
              helperText={errors.source ?? (form.file ? 'A file is chosen: remove it to add from a URL' : 'The server downloads it')}
            />
            <TextField
              label="Title"
              required
              fullWidth
              value={form.title}
              onChange={(event) => change({ title: event.target.value })}
              disabled={busy}
              error={Boolean(errors.title)}
              helperText={errors.title}
            />
            <TextField
              label="Slug"
              fullWidth
              value={form.slug}
              onChange={(event) => change({ slug: event.target.value })}
              disabled={busy}
              error={Boolean(errors.slug)}
              helperText={errors.slug ?? 'Optional: made from the title when empty'}
            />
            {progress !== null ? (
              <Box role="status" aria-live="polite">
                <Typography variant="body2" sx={{ mb: 0.5 }}>
                  {form.file ? `Uploading… ${Math.round(progress * 100)}%` : 'Adding…'}
                </Typography>
                <LinearProgress variant={form.file ? 'determinate' : 'indeterminate'} value={progress * 100} aria-label="Upload progress" />
              </Box>
            ) : null}
            {failure ? <Alert severity="error">{failure}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
            {ADD_VIDEO}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
