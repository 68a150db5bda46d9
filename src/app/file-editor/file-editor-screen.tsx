import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useEmit } from '../shell/events';
import { useUnsavedChanges } from '../shell/unsaved-changes';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { DeleteFileDialog } from '../shell/delete-file-dialog';
import { ArrowBackIcon, DeleteIcon } from '../ui/icons';
import { EmbedCard } from './embed-card';
import { FileInfoForm } from './file-info-form';
import { GalleryCard } from './gallery-card';
import { useFile } from './use-file';

/** Props every host of the editor gives it (the panel, or <vp-file-editor>). */
export interface FileEditorScreenProps {
  fileId: number;
  /** 'Back to Files' was chosen. */
  onBack: () => void;
  /** The file could not be loaded (panel: back to the list; standalone: error state with retry). */
  onLoadFailed?: () => void;
  /** The file was deleted here (panel: back to the list; standalone: the editor says so). */
  onDeleted?: () => void;
  /** The Subtitle card, composed in by the host (features do not import each other). */
  subtitles?: ReactNode;
}

/** The Update File page (spec §2): embed and link, file information, subtitles, gallery. */
export function FileEditorScreen({ fileId, onBack, onLoadFailed, onDeleted, subtitles }: FileEditorScreenProps) {
  const { state, retry, setFile } = useFile(fileId, onLoadFailed);
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const [askLeave, setAskLeave] = useState(false);
  const discardChanges = useUnsavedChanges(dirty);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const emit = useEmit();
  const [askDelete, setAskDelete] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const afterDelete = () => {
    discardChanges();
    setDirty(false);
    setDeleted(true);
    emit('vp-file-deleted', { fileId });
    onDeleted?.();
  };

  const back = () => (dirty ? setAskLeave(true) : onBack());

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ color: 'text.primary', p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={back}>
          Back to Files
        </Button>
        <Typography id={titleId} component="h1" variant="h5" sx={{ flex: 1 }}>
          Update File
        </Typography>
        {state.status === 'ready' && !deleted ? (
          <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setAskDelete(true)}>
            Delete file
          </Button>
        ) : null}
      </Stack>

      {deleted ? <Alert severity="info">This file has been deleted.</Alert> : null}

      {state.status === 'loading' ? (
        <Stack sx={{ alignItems: 'center', py: 6 }} role="status" aria-label="Loading file">
          <CircularProgress />
        </Stack>
      ) : null}

      {state.status === 'failed' && !onLoadFailed ? (
        <Alert severity="error" action={<Button onClick={retry}>Retry</Button>}>
          {state.message}. Check your connection and try again.
        </Alert>
      ) : null}

      {state.status === 'ready' && !deleted ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
          <FileInfoForm file={state.file} onSaved={setFile} onDirtyChange={onDirtyChange} />
          <EmbedCard file={state.file} />
          {subtitles}
          <GalleryCard file={state.file} />
        </Box>
      ) : null}

      <DeleteFileDialog fileId={askDelete ? fileId : null} onClose={() => setAskDelete(false)} onDeleted={afterDelete} />
      <ConfirmDialog
        open={askLeave}
        title="Leave without saving?"
        confirmLabel="Leave"
        danger
        onConfirm={() => {
          setAskLeave(false);
          discardChanges();
          setDirty(false);
          onBack();
        }}
        onClose={() => setAskLeave(false)}
      >
        Your changes to the file information have not been saved. If you leave now, they are lost.
      </ConfirmDialog>
    </Box>
  );
}
