import { Alert, Box, Button, Card, CircularProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useEmit } from '../shell/events';
import { useUnsavedChanges } from '../shell/unsaved-changes';
import { LazyConfirmDialog } from '../ui/lazy-confirm-dialog';
import { DeleteFileDialog } from '../shared/delete-file-dialog';
import { ArrowBackIcon, DeleteIcon } from '../ui/icons';
import { LoadError } from '../ui/load-error';
import { Screen } from '../ui/screen';
import { AudienceCard } from './audience-card';
import { ActivitySection } from './activity-section';
import { EmbedCard } from './embed-card';
import { FileInfoForm } from './file-info-form';
import { GalleryCard } from './gallery-card';
import { useFile } from './use-file';
import { useLiveFile } from './use-live-file';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';

// The schedule's inputs and the downloads are an operator's occasional tools: their own chunk (the editor is at its size budget).
// It is fetched beside the file, and the cards show together once both are here: a card arriving later
// would move the cards below it under the operator's pointer (a click meant for Show activity lost).
const loadPublishCards = () => import('./publish-cards');
const PublishCards = lazy(loadPublishCards);

/** Props every host of the editor gives it (the panel, or <vp-file-editor>). */
export interface FileEditorScreenProps {
  fileId: number;
  /** 'Back to Files' was chosen. */
  onBack: () => void;
  /**
   * The server says the file is not there (panel: back to the list). Without it, and for every other
   * failure (network, time-out, server error), the editor shows the reason with Retry in place.
   */
  onLoadFailed?: () => void;
  /** The file was deleted here (panel: back to the list; standalone: the editor says so). */
  onDeleted?: () => void;
  /** The Subtitle card, composed in by the host (features do not import each other). */
  subtitles?: ReactNode;
}

/** The Update File page (docs/spec.md §2): embed and link, file information, subtitles, gallery; then the file's activity. */
export function FileEditorScreen({ fileId, onBack, onLoadFailed, onDeleted, subtitles }: FileEditorScreenProps) {
  const { state, retry, setFile, patchFile, refresh } = useFile(fileId, onLoadFailed);
  useEffect(() => void loadPublishCards(), []);
  const ready = state.status === 'ready' ? state : null;
  useLiveFile(fileId, ready?.file, ready?.load ?? null, patchFile, refresh);
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const [askLeave, setAskLeave] = useState(false);
  const discardChanges = useUnsavedChanges(dirty);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const emit = useEmit();
  const [askDelete, setAskDelete] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const { t } = useTexts(EDITOR_TEXTS);
  const afterDelete = () => {
    discardChanges();
    setDirty(false);
    setDeleted(true);
    emit('vp-file-deleted', { fileId });
    onDeleted?.();
  };

  const back = () => (dirty ? setAskLeave(true) : onBack());
  const loading = (
    <Stack sx={{ alignItems: 'center', py: 6 }} role="status" aria-label={t('loadingFile')}>
      <CircularProgress />
    </Stack>
  );

  return (
    <Screen labelledBy={titleId}>
      <EditorHeader
        titleId={titleId}
        onBack={back}
        onDelete={state.status === 'ready' && !deleted ? () => setAskDelete(true) : undefined}
      />

      {deleted ? <Alert severity="info">{t('deleted')}</Alert> : null}

      {state.status === 'loading' ? loading : null}

      {state.status === 'failed' ? (
        <Card variant="outlined">
          <LoadError title={t('loadFailedTitle')} reason={state.message} onRetry={retry}>
            <Button onClick={back}>{t('back')}</Button>
          </LoadError>
        </Card>
      ) : null}

      {state.status === 'ready' && !deleted ? (
        <Suspense fallback={loading}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'start',
            }}
          >
            <FileInfoForm file={state.file} onSaved={setFile} onDirtyChange={onDirtyChange} />
            <EmbedCard file={state.file} onSaved={setFile} />
            {subtitles}
            <GalleryCard file={state.file} onSaved={setFile} />
            <PublishCards key={`${state.file.activate_at}|${state.file.deactivate_at}`} file={state.file} onSaved={setFile} />
            <AudienceCard fileId={fileId} />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <ActivitySection fileId={fileId} version={state.file.version} />
            </Box>
          </Box>
        </Suspense>
      ) : null}

      <DeleteFileDialog
        fileId={askDelete ? fileId : null}
        fileTitle={state.status === 'ready' ? state.file.file_title : undefined}
        onClose={() => setAskDelete(false)}
        onDeleted={afterDelete}
      />
      <LazyConfirmDialog
        open={askLeave}
        title={t('leaveTitle')}
        confirmLabel={t('leave')}
        danger
        onConfirm={() => {
          setAskLeave(false);
          discardChanges();
          setDirty(false);
          onBack();
        }}
        onClose={() => setAskLeave(false)}
      >
        {t('leaveText')}
      </LazyConfirmDialog>
    </Screen>
  );
}

/** 'Back to Files', the heading and, while there is a file to delete, 'Delete file'. */
function EditorHeader({ titleId, onBack, onDelete }: { titleId: string; onBack: () => void; onDelete?: () => void }) {
  const { t } = useTexts(EDITOR_TEXTS);
  return (
    // On a phone the heading takes its own line under the two buttons, so neither wraps alone.
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: 'auto 1fr auto' },
        gridTemplateAreas: { xs: '"back delete" "title title"', sm: '"back title delete"' },
        alignItems: 'center',
        columnGap: 2,
        rowGap: 1,
        mb: 2,
      }}
    >
      <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ gridArea: 'back', justifySelf: 'start' }}>
        {t('back')}
      </Button>
      <Typography id={titleId} component="h1" variant="h5" tabIndex={-1} sx={{ gridArea: 'title', outline: 'none' }}>
        {t('heading')}
      </Typography>
      {onDelete ? (
        <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={onDelete} sx={{ gridArea: 'delete' }}>
          {t('deleteFile')}
        </Button>
      ) : null}
    </Box>
  );
}
