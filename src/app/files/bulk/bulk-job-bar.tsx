import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { downloadBulkResults, type BulkFilter } from '../../api/bulk-jobs';
import { useApi } from '../../api/use-api';
import { useTexts } from '../../i18n/texts';
import { DELETE_FILE_TEXTS } from '../../shared/delete-file-texts';
import { LIST_TOAST_MS, useNotify } from '../../shell/notify';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { BulkBar } from './bulk-bar';
import { BULK_JOB_TEXTS } from './bulk-job-texts';
import { actionName, describeBulk, filterWords, isMatchingAction, jobSummary, type BulkWords, type MatchingAction } from './bulk-job-words';
import { FILES_TEXTS } from '../texts';
import { TRASH_TEXTS } from '../trash/trash-texts';
import { isSetKind, type SetKind } from './bulk-set-kinds';
import { useBulkJob, type StartResult } from './use-bulk-job';

/** Loaded when a value to set is applied. */
const BulkSetDialog = lazy(() => import('./bulk-set-dialog'));

/** Past this many files the action asks first (Undo takes it back, but only as a second job); a purge always asks. */
export const CONFIRM_OVER = 100;
/** Files one retry job may name by id (the API's limit of ids). */
const MAX_RETRY = 1000;

export interface BulkJobBarProps {
  /** Files the filter matches, as the list counted them: the server refuses the job if that moved. */
  total: number;
  filter: BulkFilter;
  /** The actions offered: the files list's Activate, Deactivate, Delete and the values to set; the trash's Restore, Delete forever. */
  actions: readonly (MatchingAction | SetKind)[];
  /** An action was applied: the bar must stay until it is closed, whatever the list's rows do meanwhile. */
  onStarting(): void;
  /** The list changed (a job ended, or the count moved): load it again. */
  onChanged(): void;
  onClose(): void;
}

/**
 * The bulk bar when every file the filter matches is selected (Gmail's "select all"): it says what the
 * action will touch, asks past CONFIRM_OVER files, runs it as a server-side job, shows its progress
 * live, and ends with what happened, the results as CSV and Undo (the single delete's word: a second
 * job that takes the change back, followed in the same bar). Loaded when "Select all … matching" is
 * chosen.
 */
export default function BulkJobBar({ total, filter, actions, onStarting, onChanged, onClose }: BulkJobBarProps) {
  const api = useApi();
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const { t } = useTexts(BULK_JOB_TEXTS);
  const ft = useTexts(FILES_TEXTS).t;
  const tt = useTexts(TRASH_TEXTS).t;
  const dt = useTexts(DELETE_FILE_TEXTS).t;
  const words: BulkWords = useMemo(() => ({ t, ft, tt, dt }), [t, ft, tt, dt]);
  const [action, setAction] = useState<MatchingAction | SetKind | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [setting, setSetting] = useState<SetKind | null>(null);
  const { job, kind, starting, running, start, retryFailed, undo } = useBulkJob();
  const options = useMemo(
    () =>
      actions.map((value) => ({
        value,
        label: isSetKind(value) ? ft(value === 'playerAccess' ? 'bulkPlayerAccess' : 'bulkSchedule') : actionName(value, words),
      })),
    [actions, words, ft],
  );
  const announcedEnd = useRef<number | null>(null);
  // The count the action was applied to: while it starts, the job's first files may already leave the
  // list live, and the bar must not say it is acting on fewer (or 0) files.
  const [appliedTotal, setAppliedTotal] = useState(total);
  const count = starting ? appliedTotal : total;
  const root = useRef<HTMLDivElement>(null);

  // A start that failed keeps the bar as it was chosen (the operator may apply again or clear).
  const started = (result: StartResult) => {
    if (result.kind === 'count-moved') {
      notify.error(t('countMoved', { count: result.count }));
      onChanged();
      onClose();
    } else if (result.kind === 'error') notify.error(result.error);
  };
  const run = async (chosen: MatchingAction) => {
    setConfirming(false);
    setAppliedTotal(total);
    onStarting();
    started(await start(chosen, { filter, expectedCount: total }));
  };
  const apply = () => {
    if (!action) return;
    if (isSetKind(action)) {
      setAppliedTotal(total);
      onStarting();
      setSetting(action);
    } else if (total > CONFIRM_OVER || action === 'purge') setConfirming(true);
    else void run(action);
  };

  // The job's files changed: the list loads again once, when it ends.
  const endedId = job && !running ? job.id : null;
  useEffect(() => {
    if (endedId === null || announcedEnd.current === endedId) return;
    announcedEnd.current = endedId;
    onChanged();
  }, [endedId, onChanged]);
  const noFilter = filterWords(filter, words) === '';
  const label = t(noFilter ? 'allSelectedNoFilter' : 'allSelected', { count });
  // The job's own action (an undo's is the inverse of the one chosen).
  const jobAction = job && isMatchingAction(job.action) ? job.action : isMatchingAction(action) ? action : 'deactivate';
  const jobTitle = () => {
    if (!job) return '';
    if (kind === 'action') return describeBulk(jobAction, job.total, filter, words);
    return t(kind === 'retry' ? 'describeRetry' : 'describeUndo', { action: actionName(jobAction, words), count: job.total });
  };
  // What a job changed can be taken back, once: an undo is not offered again, a purge has none.
  const canUndo = job !== null && !running && job.counts.done > 0 && jobAction !== 'purge' && kind !== 'undo';

  return (
    <Box ref={root}>
      {job === null ? (
        <BulkBar<MatchingAction | SetKind>
          options={options}
          action={action}
          selectedCount={count}
          label={label}
          busy={starting}
          onActionChange={setAction}
          onApply={apply}
          onClear={onClose}
        />
      ) : (
        <Stack
          role="group"
          aria-label={ft('bulkActions')}
          spacing={1}
          sx={(theme) => ({
            minHeight: 56,
            justifyContent: 'center',
            px: 1.5,
            py: 1,
            borderRadius: 1,
            bgcolor: theme.palette.mode === 'dark' ? 'rgba(100, 181, 246, 0.14)' : '#e3f2fd',
          })}
        >
          <Typography sx={{ fontWeight: 500 }}>{jobTitle()}</Typography>
          {running ? (
            <>
              <LinearProgress
                variant={job.state === 'collecting' ? 'indeterminate' : 'determinate'}
                value={job.total ? (100 * (job.total - job.counts.pending)) / job.total : 0}
                aria-label={t('progressLabel')}
              />
              <Typography variant="body2" role="status">
                {job.state === 'collecting' ? t('collecting') : t('working', { done: job.total - job.counts.pending, total: job.total })}
              </Typography>
            </>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
              <Typography role="status" sx={{ mr: 'auto' }}>
                {job.state === 'failed' ? t('jobFailed', { reason: job.reason ?? '' }) : jobSummary(job, jobAction, words)}
              </Typography>
              {canUndo ? (
                <Button disabled={starting} onClick={async () => started(await undo())}>
                  {dt('undo')}
                </Button>
              ) : null}
              {job.counts.failed > 0 && job.counts.failed <= MAX_RETRY ? (
                <Button disabled={starting} onClick={async () => started(await retryFailed())}>
                  {t('retryFailed', { count: job.counts.failed })}
                </Button>
              ) : null}
              <Button
                onClick={() =>
                  downloadBulkResults(api, job.id, root.current ?? document.body).catch(() => notify.error(t('downloadFailed')))
                }
              >
                {t('downloadResults')}
              </Button>
              <Button variant="contained" onClick={onClose}>
                {t('done')}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
      {job === null && isMatchingAction(action) ? (
        <Typography variant="body2" sx={{ px: 1.5, pt: 0.5, color: 'text.secondary' }}>
          {describeBulk(action, count, filter, words)}
        </Typography>
      ) : null}
      {setting ? (
        <Suspense fallback={null}>
          <BulkSetDialog
            kind={setting}
            target={{ filter, expectedCount: appliedTotal }}
            count={appliedTotal}
            onChanged={onChanged}
            onClose={onClose}
          />
        </Suspense>
      ) : null}
      {isMatchingAction(action) ? (
        <ConfirmDialog
          open={confirming}
          title={t('confirmTitle', { action: actionName(action, words), count: total })}
          confirmLabel={actionName(action, words)}
          danger={action === 'purge'}
          onConfirm={() => void run(action)}
          onClose={() => setConfirming(false)}
        >
          {[
            `${describeBulk(action, total, filter, words)}.`,
            action === 'purge' ? tt('purgeMany', { count: total }) : null,
            t('confirmBody'),
          ]
            .filter(Boolean)
            .join(' ')}
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
