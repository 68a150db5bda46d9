import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BulkSchedule } from '../../../contract/bulk-request';
import type { BulkJob, BulkTarget, BulkValues } from '../../api/bulk-jobs';
import { accessOf, sitesProblem, toAccessForm, type AccessForm } from '../../shared/player-access-form';
import { PlayerAccessFields } from '../../shared/player-access-fields';
import { fromLocalInput, localTimeZone } from '../../shared/schedule-times';
import { useTexts, type TextFn } from '../../i18n/texts';
import { useConfigState } from '../../session/use-session';
import { LIST_TOAST_MS, useNotify } from '../../shell/notify';
import type { SetKind } from './bulk-set-kinds';
import { BULK_SET_TEXTS } from './bulk-set-texts';
import { useBulkJob, type StartResult } from './use-bulk-job';

type Texts = TextFn<typeof BULK_SET_TEXTS.en>;

export interface BulkSetDialogProps {
  kind: SetKind;
  /** The selected files by id, or every file a filter matches with the count the list showed. */
  target: BulkTarget;
  count: number;
  onClose(): void;
  /** The job ended: the list loads again (a filter's files may have left it). */
  onChanged(): void;
}

/**
 * Sets where many files may play, or their schedule, as one bulk job (POST /api/files/bulk/set,
 * decision D63): the editor's own player access fields, or the two times in the operator's time zone
 * (each left as each file has it, set, or cleared). The job's progress, its result and Undo (each file
 * back to its own earlier value) follow in the same dialog. Its own chunk, loaded when chosen.
 */
export default function BulkSetDialog({ kind, target, count, onClose, onChanged }: BulkSetDialogProps) {
  const { t } = useTexts(BULK_SET_TEXTS);
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  const notify = useNotify({ autoHideDuration: LIST_TOAST_MS });
  const { job, kind: jobKind, starting, running, set, undo } = useBulkJob();

  const started = (result: StartResult) => {
    if (result.kind === 'count-moved') {
      notify.error(t('countMoved', { count: result.count }));
      onChanged();
      onClose();
    } else if (result.kind === 'error') notify.error(result.error, t('startFailed'));
  };
  const apply = async (values: BulkValues) => started(await set(values, target));

  // Each job's end loads the list again, once.
  const endedId = job && !running ? job.id : null;
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (endedId === null || announced.current === endedId) return;
    announced.current = endedId;
    onChanged();
  }, [endedId, onChanged]);

  return (
    <Dialog open onClose={running ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t(kind === 'playerAccess' ? 'titleAccess' : 'titleSchedule')}</DialogTitle>
      {job === null ? (
        kind === 'playerAccess' ? (
          <AccessStep t={t} target={target} count={count} busy={starting} onApply={apply} onClose={onClose} />
        ) : (
          <ScheduleStep t={t} target={target} count={count} busy={starting} onApply={apply} onClose={onClose} />
        )
      ) : (
        <>
          <DialogContent>
            <JobState t={t} job={job} undoing={jobKind === 'undo'} running={running} />
          </DialogContent>
          <DialogActions>
            {!running && job.counts.done > 0 && jobKind !== 'undo' ? (
              <Button disabled={starting} onClick={async () => started(await undo())}>
                {t('undo')}
              </Button>
            ) : null}
            <Button variant="contained" disabled={running} onClick={onClose}>
              {t('done')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

interface StepProps {
  t: Texts;
  target: BulkTarget;
  count: number;
  busy: boolean;
  onApply(values: BulkValues): void;
  onClose(): void;
}

const forWhom = (t: Texts, target: BulkTarget, count: number) => t('ids' in target ? 'forSelected' : 'forMatching', { count });

/** The editor's player access fields; the setting every file gets (following the account's default, at first). */
function AccessStep({ t, target, count, busy, onApply, onClose }: StepProps) {
  const accountDefault = useConfigState().config?.player.access;
  const [form, setForm] = useState<AccessForm>(() => toAccessForm(null, accountDefault));
  const [showProblem, setShowProblem] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblem(true);
    if (!busy && !sitesProblem(form)) onApply({ player_access: accessOf(form) });
  };
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{forWhom(t, target, count)}</Typography>
          <PlayerAccessFields
            form={form}
            busy={busy}
            showProblem={showProblem}
            onChange={setForm}
            onBlurSites={() => setShowProblem(true)}
          />
        </Stack>
      </DialogContent>
      <Actions t={t} busy={busy} onClose={onClose} />
    </Stack>
  );
}

type TimeMode = 'keep' | 'set' | 'clear';
type ScheduleProblem = 'nothing' | 'noTime' | 'inPast' | 'order';

/** The times a schedule step sends, or why it cannot: each time left, set (in the future, the two in order) or cleared. */
export function scheduleValues(
  modes: Record<'activate_at' | 'deactivate_at', TimeMode>,
  inputs: Record<'activate_at' | 'deactivate_at', string>,
  now: Date,
): BulkSchedule | ScheduleProblem {
  const schedule: BulkSchedule = {};
  for (const key of ['activate_at', 'deactivate_at'] as const) {
    if (modes[key] === 'clear') schedule[key] = null;
    if (modes[key] !== 'set') continue;
    const iso = fromLocalInput(inputs[key]);
    if (iso === null) return 'noTime';
    if (Date.parse(iso) <= now.getTime()) return 'inPast';
    schedule[key] = iso;
  }
  if (schedule.activate_at === undefined && schedule.deactivate_at === undefined) return 'nothing';
  const { activate_at: on, deactivate_at: off } = schedule;
  return on && off && Date.parse(off) <= Date.parse(on) ? 'order' : schedule;
}

/** Each of the two times: left as each file has it, set to a time in the operator's zone, or cleared. */
function ScheduleStep({ t, target, count, busy, onApply, onClose }: StepProps) {
  const [modes, setModes] = useState<Record<'activate_at' | 'deactivate_at', TimeMode>>({ activate_at: 'keep', deactivate_at: 'keep' });
  const [inputs, setInputs] = useState({ activate_at: '', deactivate_at: '' });
  const [problem, setProblem] = useState<ScheduleProblem | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const values = scheduleValues(modes, inputs, new Date());
    if (typeof values === 'string') setProblem(values);
    else onApply({ schedule: values });
  };
  const time = (key: 'activate_at' | 'deactivate_at', label: string) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        label={label}
        value={modes[key]}
        disabled={busy}
        sx={{ minWidth: 180 }}
        onChange={(event) => {
          setModes({ ...modes, [key]: event.target.value as TimeMode });
          setProblem(null);
        }}
      >
        <MenuItem value="keep">{t('keep')}</MenuItem>
        <MenuItem value="set">{t('set')}</MenuItem>
        <MenuItem value="clear">{t('clear')}</MenuItem>
      </TextField>
      {modes[key] === 'set' ? (
        <TextField
          type="datetime-local"
          label={`${label}: ${t('time')}`}
          fullWidth
          value={inputs[key]}
          disabled={busy}
          onChange={(event) => {
            setInputs({ ...inputs, [key]: event.target.value });
            setProblem(null);
          }}
          // Seconds too: a time a few seconds ahead can be set (the server takes any instant in the future).
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
        />
      ) : null}
    </Stack>
  );
  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {forWhom(t, target, count)} {t('zone', { zone: localTimeZone() })}
          </Typography>
          {time('activate_at', t('activateAt'))}
          {time('deactivate_at', t('deactivateAt'))}
          {problem ? (
            <Typography role="alert" variant="body2" color="error">
              {t(problem)}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <Actions t={t} busy={busy} onClose={onClose} />
    </Stack>
  );
}

function Actions({ t, busy, onClose }: { t: Texts; busy: boolean; onClose(): void }) {
  return (
    <DialogActions>
      <Button onClick={onClose}>{t('cancel')}</Button>
      <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
        {t('apply')}
      </Button>
    </DialogActions>
  );
}

/** The job running (its progress) or ended (what happened to its files). */
function JobState({ t, job, undoing, running }: { t: Texts; job: BulkJob; undoing: boolean; running: boolean }) {
  const done = job.total - job.counts.pending;
  if (job.state === 'failed') return <Alert severity="error">{t('jobFailed', { reason: job.reason ?? '' })}</Alert>;
  const parts = [
    t('changed', { count: job.counts.done }),
    job.counts.unchanged ? t('unchanged', { count: job.counts.unchanged }) : null,
    job.counts.conflict ? t('conflicts', { count: job.counts.conflict }) : null,
    job.counts.failed ? t('failures', { count: job.counts.failed }) : null,
  ].filter(Boolean);
  return (
    <Stack spacing={1}>
      {undoing ? <Typography sx={{ fontWeight: 500 }}>{t('undoing', { count: job.total })}</Typography> : null}
      {running ? (
        <>
          <LinearProgress variant="determinate" value={job.total ? (100 * done) / job.total : 0} aria-label={t('progressLabel')} />
          <Typography variant="body2" role="status">
            {t('working', { done, total: job.total })}
          </Typography>
        </>
      ) : (
        <Typography role="status">{parts.join(t('separator'))}</Typography>
      )}
    </Stack>
  );
}
