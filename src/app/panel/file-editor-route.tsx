import { Alert } from '@mui/material';
import { useLocation } from 'wouter';
import { FileEditorScreen } from '../file-editor/file-editor-screen';
import { parseFileId } from '../file-editor/parse-file-id';
import { SubtitleSection } from '../subtitles/subtitle-card';
import { LazyChaptersCard } from '../subtitles/lazy-chapters-card';
import { useTexts } from '../i18n/texts';
import { DASHBOARD_TEXTS } from './dashboard-texts';

/** /files/{id} inside the panel: back and load failures return to the list. */
export default function FileEditorRoute({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const fileId = parseFileId(id);
  const { t } = useTexts(DASHBOARD_TEXTS);
  if (fileId === null) return <Alert severity="error">{t('notAFile', { id })}</Alert>;
  return (
    <FileEditorScreen
      fileId={fileId}
      onBack={() => navigate('/files')}
      onLoadFailed={() => navigate('/files')}
      onDeleted={() => navigate('/files')}
      subtitles={
        <>
          <SubtitleSection fileId={fileId} />
          <LazyChaptersCard fileId={fileId} />
        </>
      }
    />
  );
}
