import { lazy, Suspense } from 'react';
import ScheduleCard, { type ScheduleCardProps } from './schedule-card';

// Each its own chunk below this one: the editor's first paint waits for neither (the editor is at its size budget).
const DownloadsCard = lazy(() => import('./downloads-card'));

/**
 * The publishing cards of a file, one lazy chunk of the editor: its schedule (D56) and its downloads
 * (D67). The host remounts them when the file's schedule times change elsewhere (ScheduleCard's state).
 */
export default function PublishCards(props: ScheduleCardProps) {
  return (
    <>
      <ScheduleCard {...props} />
      <Suspense fallback={null}>
        <DownloadsCard {...props} />
      </Suspense>
    </>
  );
}
