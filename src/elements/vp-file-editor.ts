import { FileEditorRoot } from '../app/roots/file-editor-root';
import { createKitElement } from './create-kit-element';

/**
 * `<vp-file-editor file-id="42">` — the update-file screen for an integrator's page.
 * Attributes and events: see `specs.ts` (and custom-elements.json).
 */
export const VpFileEditor = createKitElement('vp-file-editor', FileEditorRoot);
export default VpFileEditor;
