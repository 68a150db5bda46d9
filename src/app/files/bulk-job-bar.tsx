import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { downloadBulkResults, type BulkFilter } from '../api/bulk-jobs';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { LIST_TOAST_MS, useNotify } from '../shell/notify';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { BulkBar } from './bulk-bar';
import { BULK_JOB_TEXTS } from './bulk-job-texts';
import { describeBulk, filterWords, jobSummary, type MatchingAction } from './bulk-job-words';
import { FILES_TEXTS } from './texts';
import { useBulkJob, type StartResult } from './use-bulk-job';

/** Past this many files the action asks first (it cannot be undone in one click). */
export const CONFIRM_OVER = 100;
/** Files one retry job may name by id (the API's limit of ids). */
const MAX_RETRY = 1000;

export interface BulkJobBarProps {
  /** Files the filter matches, as the list counted them: the server refuses the job if that moved. */
  total: number;
  filter: BulkFilter;
  options: readonly { value: MatchingAction; label: string }[];
  /** A job started: the bar must stay until it is closed. */
  onStarted(): void;
  /** The list changed (a job ended, or the count moved): load it again. */
  onChanged(): void;
  onClose(): void;
}

/**
 * The bulk bar when every file the filter matches is selected (Gmail's "select all"): it says what the
 * action will touch, asks past CONFIRM_OVER files, runs it as a server-side job, shows its progress
 * live, and ends with what happened and the results as CSV. Loaded when "Select all … matching" is
 * chosen.
 */
export default function BulkJobBar({ total, filter, options, onStarted, onChanged, onClose }: BulkJobBarProps) {
  const api = useApi();
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const { t } = useTexts(BULK_JOB_TEXTS);
  const ft = useTexts(FILES_TEXTS).t;
  const [action, setAction] = useState<MatchingAction | ''>('');
  const [confirming, setConfirming] = useState(false);
  const { job, starting, running, start, retryFailed } = useBulkJob();
  /** The job shown is a retry of the files the first one failed on. */
  const [retrying, setRetrying] = useState(false);
  const startedAction = useRef<MatchingAction>('deactivate');
  const announcedEnd = useRef<number | null>(null);
  const root = useRef<HTMLDivElement>(null);

  const started = (result: StartResult) => {
    if (result.kind === 'started') onStarted();
    else if (result.kind === 'count-moved') {
      notify.error(t('countMoved', { count: result.count }));
      onChanged();
      onClose();
    } else notify.error(result.error);
  };
  const run = async (chosen: MatchingAction) => {
    setConfirming(false);
    startedAction.current = chosen;
    started(await start(chosen, { filter, expectedCount: total }));
  };
  const retry = async () => {
    setRetrying(true);
    started(await retryFailed());
  };
  const apply = () => {
    if (!action) return;
    if (total > CONFIRM_OVER) setConfirming(true);
    else void run(action);
  };

  // The job's files changed: the list loads again once, when it ends.
  const endedId = job && !running ? job.id : null;
  useEffect(() => {
    if (endedId === null || announcedEnd.current === endedId) return;
    announcedEnd.current = endedId;
    onChanged();
  }, [endedId, onChanged]);
  const noFilter = filterWords(filter, t, ft) === '';
  const label = t(noFilter ? 'allSelectedNoFilter' : 'allSelected', { count: total });

  return (
    <Box ref={root}>
      {job === null ? (
        <BulkBar<MatchingAction>
          options={options}
          action={action}
          selectedCount={total}
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
          <Typography sx={{ fontWeight: 500 }}>
            {retrying
              ? t('describeRetry', { action: ft(startedAction.current), count: job.total })
              : describeBulk(startedAction.current, job.total, filter, t, ft)}
          </Typography>
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
                {job.state === 'failed' ? t('jobFailed', { reason: job.reason ?? '' }) : jobSummary(job, startedAction.current, t)}
              </Typography>
              {job.counts.failed > 0 && job.counts.failed <= MAX_RETRY ? (
                <Button disabled={starting} onClick={() => void retry()}>
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
      {job === null && action ? (
        <Typography variant="body2" sx={{ px: 1.5, pt: 0.5, color: 'text.secondary' }}>
          {describeBulk(action, total, filter, t, ft)}
        </Typography>
      ) : null}
      {action ? (
        <ConfirmDialog
          open={confirming}
          title={t('confirmTitle', { action: ft(action), count: total })}
          confirmLabel={ft(action)}
          onConfirm={() => void run(action)}
          onClose={() => setConfirming(false)}
        >
          {`${describeBulk(action, total, filter, t, ft)}. ${t('confirmBody')}`}
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
