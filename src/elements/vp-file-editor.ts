import { FileEditorRoot } from '../app/roots/file-editor-root';
import { mountable } from './mount-root';

/** `<vp-file-editor>`'s React tree, loaded when the first `<vp-file-editor>` connects. Its API: `specs.ts`. */
export default mountable(FileEditorRoot);
