import { lazy, Suspense, useMemo } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { RootProps } from '../../elements/describe';
import type { VP_FILE_LIST } from '../../elements/specs';
import { RequireSession } from '../auth/require-session';
import { KitRoot } from '../shell/kit-root';
import { Loading } from '../ui/loading';

// Its own chunk: a signed-out list shows the sign-in form without downloading the data grid.
const StandaloneFiles = lazy(() => import('./standalone-files'));

/** `<vp-file-list>`: the file list on its own; its state lives in the page's query string or in memory. */
export function FileListRoot({ urlState, editHref, ...kit }: RootProps<typeof VP_FILE_LIST>) {
  const router = useMemo(() => (urlState === 'memory' ? { hook: memoryLocation({ path: '/' }).hook } : {}), [urlState]);
  return (
    <KitRoot {...kit}>
      <RequireSession>
        <Router {...router}>
          <Suspense fallback={<Loading />}>
            <StandaloneFiles editHref={editHref} />
          </Suspense>
        </Router>
      </RequireSession>
    </KitRoot>
  );
}
