import { AdminPanelRoot } from '../app/roots/admin-panel-root';
import { mountable } from './mount-root';

/** `<vp-admin-panel>`'s React tree, loaded when the first `<vp-admin-panel>` connects. Its API: `specs.ts`. */
export default mountable(AdminPanelRoot);
