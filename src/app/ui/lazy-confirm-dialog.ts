import { lazyDialog } from './lazy-dialog';

/** The kit's yes/no question (`ConfirmDialog`), for screens that only sometimes ask: loaded the first time it opens. */
export const LazyConfirmDialog = lazyDialog(
  () => import('./confirm-dialog').then((module) => module.ConfirmDialog),
  (props) => props.open,
);
