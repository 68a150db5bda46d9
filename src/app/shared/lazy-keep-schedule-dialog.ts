import { lazyDialog } from '../ui/lazy-dialog';
import type { KeepScheduleDialogProps } from './keep-schedule-dialog';

/** The question before a change of Active on a scheduled file: loaded the first time it opens. */
export const LazyKeepScheduleDialog = lazyDialog<KeepScheduleDialogProps>(
  () => import('./keep-schedule-dialog').then((module) => module.KeepScheduleDialog),
  (props) => props.open,
);
