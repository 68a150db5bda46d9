import { Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { updateFileMerging, type FilePatch } from '../api/files';
import type { VideoFile } from '../api/schemas';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { useNotify } from '../shell/notify';
import { SectionCard } from '../ui/section-card';
import { localTimeZone, scheduleError, timesFromInputs, toLocalInput, type ScheduleTimes } from '../shared/schedule-times';
import { SCHEDULE_TEXTS } from './schedule-texts';

export interface ScheduleCardProps {
  file: VideoFile;
  onSaved(file: VideoFile): void;
}

/**
 * When the file turns active and inactive (activate_at, deactivate_at; decision D56), in the operator's
 * time zone, named beside the inputs. Its own chunk: the editor's first paint does not wait for it. The
 * host remounts it when the file's times change elsewhere (a live event, a run of the schedule).
 */
export default function ScheduleCard({ file, onSaved }: ScheduleCardProps) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(SCHEDULE_TEXTS);
  const [activate, setActivate] = useState(toLocalInput(file.activate_at));
  const [deactivate, setDeactivate] = useState(toLocalInput(file.deactivate_at));
  const [error, setError] = useState<'inPast' | 'order' | null>(null);
  const [busy, setBusy] = useState(false);
  const scheduled = Boolean(file.activate_at || file.deactivate_at);

  const save = async (times: ScheduleTimes) => {
    const patch: FilePatch = {};
    if (times.activate_at !== (file.activate_at ?? null)) patch.activate_at = times.activate_at;
    if (times.deactivate_at !== (file.deactivate_at ?? null)) patch.deactivate_at = times.deactivate_at;
    setBusy(true);
    try {
      const result = await updateFileMerging(api, file, patch);
      if (result.kind === 'conflict') {
        notify.warning(t('changedMeanwhile'));
        onSaved(result.theirs);
        return;
      }
      notify.byStatus(result.reply.status, result.reply.message);
      if (result.reply.status === 'success' && result.reply.data) onSaved(result.reply.data);
    } catch (err) {
      console.error(`vp-file-editor: the schedule of file ${file.file_id} could not be saved.`, err);
      notify.error(err, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const saved = { activate_at: file.activate_at ?? null, deactivate_at: file.deactivate_at ?? null };
    const times = timesFromInputs({ activate, deactivate }, saved);
    const found = scheduleError(times, saved, new Date());
    setError(found);
    if (found) return;
    void save(times);
  };

  const input = (label: string, value: string, set: (value: string) => void) => (
    <TextField
      type="datetime-local"
      label={label}
      fullWidth
      value={value}
      onChange={(event) => {
        set(event.target.value);
        setError(null);
      }}
      disabled={busy}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <SectionCard title={t('title')}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <Typography variant="body2" color="text.secondary">
          {t('intro', { zone: localTimeZone() })}
        </Typography>
        {input(t('activateAt'), activate, setActivate)}
        {input(t('deactivateAt'), deactivate, setDeactivate)}
        {error ? (
          <Typography role="alert" variant="body2" color="error">
            {t(error)}
          </Typography>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          {scheduled ? (
            <Button disabled={busy} onClick={() => void save({ activate_at: null, deactivate_at: null })}>
              {t('clear')}
            </Button>
          ) : null}
          <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
            {busy ? t('saving') : t('save')}
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
