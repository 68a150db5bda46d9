import { Alert } from '@mui/material';
import { useEffect } from 'react';
import type { RootProps } from '../../elements/describe';
import type { VP_FILE_EDITOR } from '../../elements/specs';
import { RequireSession } from '../auth/require-session';
import { FileEditorScreen } from '../file-editor/file-editor-screen';
import { parseFileId } from '../file-editor/parse-file-id';
import { KitRoot } from '../shell/kit-root';
import { SubtitleSection } from '../subtitles/subtitle-card';
import { LazyChaptersCard } from '../subtitles/lazy-chapters-card';
import { useEmit } from '../shell/events';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from '../file-editor/texts';

/** `<vp-file-editor file-id="42">`: the update-file screen for an integrator's page. */
export function FileEditorRoot({ fileId, backHref, ...kit }: RootProps<typeof VP_FILE_EDITOR>) {
  return (
    <KitRoot {...kit}>
      <RequireSession>
        <StandaloneEditor requested={fileId} backHref={backHref} />
      </RequireSession>
    </KitRoot>
  );
}

function StandaloneEditor({ requested, backHref }: { requested: number | undefined; backHref: string | undefined }) {
  const emit = useEmit();
  const fileId = parseFileId(requested);
  const { t } = useTexts(EDITOR_TEXTS);
  useEffect(() => {
    if (fileId === null) console.error(`vp-file-editor: file-id must be a positive whole number, got ${requested ?? 'none'}.`);
  }, [fileId, requested]);
  if (fileId === null) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('noFileId')}
      </Alert>
    );
  }
  const back = () => {
    if (emit('vp-back', { fileId }) && backHref) window.location.assign(backHref);
  };
  return (
    <FileEditorScreen
      key={fileId}
      fileId={fileId}
      onBack={back}
      subtitles={
        <>
          <SubtitleSection fileId={fileId} />
          <LazyChaptersCard fileId={fileId} />
        </>
      }
    />
  );
}
