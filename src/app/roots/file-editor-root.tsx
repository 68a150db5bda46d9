import { Alert } from '@mui/material';
import { useEffect } from 'react';
import { RequireSession } from '../auth/require-session';
import { FileEditorScreen } from '../file-editor/file-editor-screen';
import { parseFileId } from '../file-editor/parse-file-id';
import { KitRoot } from '../shell/kit-root';
import { SubtitleSection } from '../subtitles/subtitle-card';
import { useEmit } from '../shell/events';

export interface FileEditorProps {
  container: ShadowRoot;
  fileId?: string;
  apiBase?: string;
  /** Where 'Back to Files' goes when the host does not cancel `vp-back`. */
  backHref?: string;
  theme?: string;
  playerDomain?: string;
  imageHost?: string;
}

/** `<vp-file-editor file-id="42">`: the update-file screen for an integrator's page. */
export function FileEditorRoot({ container, fileId, apiBase, backHref, theme, playerDomain, imageHost }: FileEditorProps) {
  return (
    <KitRoot container={container} apiBase={apiBase} theme={theme} playerDomain={playerDomain} imageHost={imageHost}>
      <RequireSession>
        <StandaloneEditor rawId={fileId} backHref={backHref} />
      </RequireSession>
    </KitRoot>
  );
}

function StandaloneEditor({ rawId, backHref }: { rawId: string | undefined; backHref: string | undefined }) {
  const emit = useEmit();
  const fileId = parseFileId(rawId);
  useEffect(() => {
    if (fileId === null) console.error(`vp-file-editor: attribute file-id must be a positive whole number, got "${rawId ?? ''}".`);
  }, [fileId, rawId]);
  if (fileId === null) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        No file to edit: this editor needs a file number (the file-id attribute), and “{rawId ?? ''}” is not one.
      </Alert>
    );
  }
  const back = () => {
    if (emit('vp-back', { fileId }) && backHref) window.location.assign(backHref);
  };
  return <FileEditorScreen key={fileId} fileId={fileId} onBack={back} subtitles={<SubtitleSection fileId={fileId} />} />;
}
