import { FileListRoot } from '../app/roots/file-list-root';
import { mountable } from './mount-root';

/** `<vp-file-list>`'s React tree, loaded when the first `<vp-file-list>` connects. Its API: `specs.ts`. */
export default mountable(FileListRoot);
