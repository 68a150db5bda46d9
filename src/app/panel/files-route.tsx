import { useLocation } from 'wouter';
import { FilesScreen } from '../files/files-screen';

/** /files inside the panel: editing a file navigates to /files/{id}. */
export default function FilesRoute() {
  const [, navigate] = useLocation();
  return <FilesScreen onOpenFile={(fileId) => navigate(`/files/${fileId}`)} />;
}
