import { lazy, Suspense } from 'react';

// An operator's occasional tool, with the chapter checker: its own chunk (the editor is at its size budget).
const ChaptersCard = lazy(() => import('./chapters/chapters-card'));

/** The Chapters card (D66), composed in beside the Subtitle card by the editor's hosts. */
export function LazyChaptersCard({ fileId }: { fileId: number }) {
  return (
    <Suspense fallback={null}>
      <ChaptersCard fileId={fileId} />
    </Suspense>
  );
}
