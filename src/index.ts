/**
 * vp-admin-kit entry: importing it (or loading it with <script type="module">) registers
 * <vp-admin-panel>, <vp-file-list> and <vp-file-editor>. Each element's code loads on first use.
 */
import { autoload } from './elements/define';

autoload();

export { loadElement, type VpTag } from './elements/define';
export type { VpEventMap, VpEventName, VpEventDetail } from './app/shell/event-map';
export type { VideoFile, Subtitle } from './app/api/schemas';
export type { VpAdminPanelElement, VpFileListElement, VpFileEditorElement } from './elements/element-types';
