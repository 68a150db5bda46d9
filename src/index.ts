/**
 * vp-admin-kit entry: importing it (or loading it with <script type="module">) defines
 * <vp-admin-panel>, <vp-file-list> and <vp-file-editor> at once. Each element's code loads when the
 * first one connects.
 */
import { defineElements } from './elements/define';

defineElements();

export { loadElement } from './elements/define';
export type { VpTag } from './elements/specs';
export type { VpEventMap, VpEventName, VpEventDetail } from './app/shell/event-map';
export type { VideoFile, Subtitle } from './app/api/schemas';
export type { VpAdminPanelElement, VpFileListElement, VpFileEditorElement, Messages, Catalogue } from './elements/element-types';
