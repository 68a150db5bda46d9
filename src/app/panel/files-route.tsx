import { useLocation } from 'wouter';
import { FilesScreen } from '../files/files-screen';
import { TrashScreen } from '../files/trash/trash-screen';

/** /files inside the panel: editing a file navigates to /files/{id}. */
export default function FilesRoute() {
  const [, navigate] = useLocation();
  return <FilesScreen onOpenFile={(fileId) => navigate(`/files/${fileId}`)} />;
}

/**
 * /trash: in this chunk, not one of its own. Both lists need the DataGrid; a third chunk that imports it
 * (with <vp-file-list>'s and this one) would move it into kit-shared, which <vp-file-editor> loads.
 */
export function TrashRoute() {
  return <TrashScreen />;
}
