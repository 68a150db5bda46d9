import { FilesScreen } from '../files/files-screen';
import { useEmit } from '../shell/events';

/** The list inside `<vp-file-list>`: Edit tells the host, then follows `edit-href` unless the host cancelled. */
export default function StandaloneFiles({ editHref }: { editHref: string | undefined }) {
  const emit = useEmit();
  const openFile = (fileId: number) => {
    if (!emit('vp-file-open', { fileId })) return;
    if (editHref) window.location.assign(editHref.replaceAll('{id}', encodeURIComponent(String(fileId))));
  };
  return <FilesScreen onOpenFile={openFile} />;
}
