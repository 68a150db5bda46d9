import { useMemo } from 'react';
import { Router } from 'wouter';
import type { RootProps } from '../../elements/describe';
import type { VP_ADMIN_PANEL } from '../../elements/specs';
import { PanelRoutes } from '../panel/panel-routes';
import { panelRouter } from '../panel/panel-router';
import { KitRoot } from '../shell/kit-root';

/** `<vp-admin-panel>`: the whole panel with its own routing (path, hash or memory). */
export function AdminPanelRoot({ base, routing = 'path', ...kit }: RootProps<typeof VP_ADMIN_PANEL>) {
  const router = useMemo(() => panelRouter(routing, base), [routing, base]);
  return (
    <KitRoot {...kit}>
      <Router {...router}>
        <PanelRoutes />
      </Router>
    </KitRoot>
  );
}
