import { useCallback, useMemo, useRef } from 'react';
import { useTexts } from '../../i18n/texts';
import { useConfigState } from '../../session/use-session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { MatchingAction } from '../bulk/bulk-job-words';
import type { CardSlotProps } from '../grid/file-cards';
import { ListScreen } from '../list/list-screen';
import { useListPage } from '../list/use-list-page';
import { FILES_TEXTS } from '../texts';
import type { TrashAction } from './trash-bulk';
import { TrashCard, trashColumns, type TrashRowActions } from './trash-columns';
import { TRASH_TEXTS } from './trash-texts';
import { useTrashActions } from './use-trash-actions';

/** Over every file the filter matches in the trash: Restore, and Delete forever (asked first, always). */
const MATCHING: readonly MatchingAction[] = ['restore', 'purge'];

/** Where the host is narrow, these columns hide first, before Restore and Delete forever are cut off. */
const GIVES_WAY = ['file_slug', 'file_status', 'file_id'] as const;

/**
 * The Trash, the list screen in its trash mode: the account's deleted files with the files list's
 * filters, search, sort and paging (the same query string), each with when it was deleted and when the
 * retention deletes it for good; Restore and Delete forever, one file, the selection or every file the
 * filter matches. It follows the event stream as the files list does.
 */
export function TrashScreen() {
  const list = useListPage(true);
  const { t, locale } = useTexts(TRASH_TEXTS);
  const filesText = useTexts(FILES_TEXTS).t;
  const trashDays = useConfigState().config?.trash?.days;
  const trash = useTrashActions(list.rows, list.afterGone);

  const actions = useRef<TrashRowActions>({ restore: trash.restore, askPurge: trash.askPurge });
  actions.current = { restore: trash.restore, askPurge: trash.askPurge };
  const columns = useMemo(() => trashColumns(actions, t, filesText, locale), [t, filesText, locale]);
  const renderCard = useCallback((card: CardSlotProps) => <TrashCard {...card} actions={actions} />, []);
  const bulkOptions = useMemo(
    (): { value: TrashAction; label: string }[] => [
      { value: 'restore', label: t('restore') },
      { value: 'purge', label: t('purge') },
    ],
    [t],
  );
  const target = trash.purgeTarget;

  return (
    <ListScreen<TrashAction>
      list={list}
      titleId="vp-trash-title"
      heading={t('heading')}
      intro={trashDays ? t('keptFor', { count: trashDays }) : t('keptForever')}
      listHeading={list.error ? t('listHeading') : t('listHeadingCount', { total: list.total })}
      columns={columns}
      givesWay={GIVES_WAY}
      renderCard={renderCard}
      label={t('list')}
      emptyText={t('empty')}
      selection={trash.selection}
      setSelection={trash.setSelection}
      bulk={{
        options: bulkOptions,
        action: trash.action,
        busy: trash.busy,
        onActionChange: trash.setAction,
        onApply: trash.applyBulk,
        onClear: trash.clearSelection,
      }}
      matchingActions={MATCHING}
    >
      <ConfirmDialog
        open={target !== null}
        title={t('purgeTitle')}
        confirmLabel={t('purge')}
        busyLabel={t('purging')}
        busy={trash.busy}
        danger
        onConfirm={() => void trash.confirmPurge()}
        onClose={trash.closePurge}
      >
        {target?.length === 1
          ? t('purgeOne', { title: filesText('quotedTitle', { title: target[0]!.file_title }), id: String(target[0]!.file_id) })
          : t('purgeMany', { count: target?.length ?? 0 })}
      </ConfirmDialog>
    </ListScreen>
  );
}
