import { useMemo } from 'react';
import { Router } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { useHashLocation } from 'wouter/use-hash-location';
import { memoryLocation } from 'wouter/memory-location';
import { PanelRoutes } from '../panel/panel-routes';
import { KitRoot } from '../shell/kit-root';
import { guardNavigation } from '../shell/unsaved-changes';

export interface AdminPanelProps {
  container: ShadowRoot;
  apiBase?: string;
  /** Route base path for `routing="path"`, e.g. `/admin/videos`. */
  base?: string;
  routing?: string;
  theme?: string;
  playerDomain?: string;
  imageHost?: string;
}

/** `/admin/videos/` → `/admin/videos`; '' for the page root. */
export const normaliseBase = (base: string | undefined) => (base ?? '').trim().replace(/\/+$/, '').replace(/^(?!\/|$)/, '/');

/** `<vp-admin-panel>`: the whole panel with its own routing (path, hash or memory). */
export function AdminPanelRoot({ container, apiBase, base, routing, theme, playerDomain, imageHost }: AdminPanelProps) {
  const mode = routing === 'hash' || routing === 'memory' ? routing : 'path';
  const router = useMemo(() => {
    if (mode === 'hash') return { hook: guardNavigation(useHashLocation) };
    if (mode === 'memory') return { hook: guardNavigation(memoryLocation({ path: '/' }).hook) };
    return { base: normaliseBase(base), hook: guardNavigation(useBrowserLocation) };
  }, [mode, base]);

  return (
    <KitRoot container={container} apiBase={apiBase} theme={theme} playerDomain={playerDomain} imageHost={imageHost}>
      <Router {...router}>
        <PanelRoutes />
      </Router>
    </KitRoot>
  );
}
