import { FileListRoot } from '../app/roots/file-list-root';
import { createKitElement } from './create-kit-element';

/**
 * `<vp-file-list>` — the file list on its own.
 * Attributes and events: see `specs.ts` (and custom-elements.json).
 */
export const VpFileList = createKitElement('vp-file-list', FileListRoot);
export default VpFileList;
