import { AdminPanelRoot } from '../app/roots/admin-panel-root';
import { createKitElement } from './create-kit-element';

/**
 * `<vp-admin-panel>` — the whole panel: sign-in, shell, files and editor.
 * Attributes and events: see `specs.ts` (and custom-elements.json).
 */
export const VpAdminPanel = createKitElement('vp-admin-panel', AdminPanelRoot);
export default VpAdminPanel;
