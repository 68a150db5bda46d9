import { useMemo } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RequireSession } from '../auth/require-session';
import { FilesScreen } from '../files/files-screen';
import { KitRoot } from '../shell/kit-root';
import { useEmit } from '../shell/events';

export interface FileListProps {
  container: ShadowRoot;
  apiBase?: string;
  urlState?: string;
  /** Where edit goes when the host does not cancel `vp-file-open`: a template with `{id}`. */
  editHref?: string;
  theme?: string;
  playerDomain?: string;
}

/** `<vp-file-list>`: the file list on its own; its state lives in the page's query string or in memory. */
export function FileListRoot({ container, apiBase, urlState, editHref, theme, playerDomain }: FileListProps) {
  const router = useMemo(() => (urlState === 'memory' ? { hook: memoryLocation({ path: '/' }).hook } : {}), [urlState]);
  return (
    <KitRoot container={container} apiBase={apiBase} theme={theme} playerDomain={playerDomain}>
      <RequireSession>
        <Router {...router}>
          <StandaloneFiles editHref={editHref} />
        </Router>
      </RequireSession>
    </KitRoot>
  );
}

function StandaloneFiles({ editHref }: { editHref: string | undefined }) {
  const emit = useEmit();
  const openFile = (fileId: number) => {
    if (!emit('vp-file-open', { fileId })) return;
    if (editHref) window.location.assign(editHref.replaceAll('{id}', encodeURIComponent(String(fileId))));
  };
  return <FilesScreen onOpenFile={openFile} />;
}
