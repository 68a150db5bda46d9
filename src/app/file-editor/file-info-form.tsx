import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { updateFileMerging } from '../api/files';
import { useApi } from '../api/use-api';
import type { VideoFile } from '../api/schemas';
import { useEmit } from '../shell/events';
import { useNotify } from '../shell/notify';
import { SectionCard } from '../ui/section-card';
import { formPatch, isDirty, validateFileForm, type FileForm, type FileFormErrors } from './validate-file-form';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';
import type { ConflictField } from './file-conflict-dialog';
import { LazyKeepScheduleDialog } from '../shared/lazy-keep-schedule-dialog';

// Loaded with the first conflict: most saves never meet one.
const FileConflictDialog = lazy(() => import('./file-conflict-dialog'));

const toForm = (file: VideoFile): FileForm => ({ title: file.file_title, slug: file.file_slug, isActive: file.isActive });

interface FileInfoFormProps {
  file: VideoFile;
  /** The file as the server has it now: after a save, or the current version a conflict brought. */
  onSaved: (file: VideoFile) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * File Information: title, slug, status. The server's reply status picks the toast; a failure keeps the
 * input. Every save names the version it edits (If-Match): a change elsewhere to other fields is
 * merged, a change to the same fields opens the conflict dialog with the typed values kept.
 */
export function FileInfoForm({ file, onSaved, onDirtyChange }: FileInfoFormProps) {
  const api = useApi();
  const notify = useNotify();
  const emit = useEmit();
  const saved = toForm(file);
  const [form, setForm] = useState<FileForm>(saved);
  const [errors, setErrors] = useState<FileFormErrors>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<readonly ConflictField[] | null>(null);
  const [askKeepSchedule, setAskKeepSchedule] = useState(false);
  const { t } = useTexts(EDITOR_TEXTS);
  const dirty = isDirty(form, saved);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const change = <K extends keyof FileForm>(key: K, value: FileForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (key === 'title' || key === 'slug') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  /**
   * Saves the form over `base` (the file on screen, or the current version after a conflict);
   * `clearSchedule`: the operator chose to clear the file's schedule with a change of Active.
   */
  const save = async (base: VideoFile, clearSchedule = false) => {
    setBusy(true);
    try {
      const patch = formPatch(form, toForm(base));
      const result = await updateFileMerging(api, base, clearSchedule ? { ...patch, activate_at: null, deactivate_at: null } : patch);
      if (result.kind === 'conflict') {
        // The form keeps what was typed; the file on screen becomes the server's, so 'Keep mine' saves over it.
        onSaved(result.theirs);
        setConflict(result.fields);
        return;
      }
      setConflict(null);
      const { reply } = result;
      notify.byStatus(reply.status, reply.message);
      if (reply.status === 'success') {
        const next = reply.data ?? { ...base, file_title: form.title.trim(), file_slug: form.slug.trim(), isActive: form.isActive };
        setForm(toForm(next));
        onSaved(next);
        emit('vp-file-saved', { file: next });
      }
    } catch (error) {
      // The panel docs/spec.md §8 describes only logged this; a user who pressed a button deserves to know it failed.
      console.error(`vp-file-editor: file ${file.file_id} could not be saved.`, error);
      notify.error(error, t('updateFailed'));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateFileForm(form);
    setErrors(found);
    if (found.title || found.slug) return;
    // A schedule would undo (or repeat) a change of Active at its time: the operator says whether it stays.
    if (form.isActive !== file.isActive && (file.activate_at || file.deactivate_at)) {
      setAskKeepSchedule(true);
      return;
    }
    await save(file);
  };

  const takeTheirs = () => {
    setForm(saved);
    setErrors({});
    setConflict(null);
  };

  return (
    <SectionCard title={t('infoTitle')}>
      <Stack component="form" part="form" noValidate spacing={2} onSubmit={submit}>
        <TextField
          label={t('title')}
          required
          fullWidth
          value={form.title}
          onChange={(event) => change('title', event.target.value)}
          error={Boolean(errors.title)}
          helperText={errors.title ? t(errors.title) : undefined}
          disabled={busy}
        />
        <TextField
          label={t('slug')}
          required
          fullWidth
          value={form.slug}
          onChange={(event) => change('slug', event.target.value)}
          error={Boolean(errors.slug)}
          helperText={errors.slug ? t(errors.slug) : <bdi>{t('slugHint')}</bdi>}
          disabled={busy}
        />
        <TextField
          select
          label={t('status')}
          fullWidth
          value={String(form.isActive)}
          onChange={(event) => change('isActive', event.target.value === '1' ? 1 : 0)}
          disabled={busy}
        >
          <MenuItem value="1">{t('active')}</MenuItem>
          <MenuItem value="0">{t('inactive')}</MenuItem>
        </TextField>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
            {busy ? t('updating') : t('update')}
          </Button>
        </Stack>
      </Stack>
      <LazyKeepScheduleDialog
        open={askKeepSchedule}
        file={file}
        onKeep={() => {
          setAskKeepSchedule(false);
          void save(file);
        }}
        onClear={() => {
          setAskKeepSchedule(false);
          void save(file, true);
        }}
        onClose={() => setAskKeepSchedule(false)}
      />
      {conflict ? (
        <Suspense fallback={null}>
          <FileConflictDialog
            theirs={file}
            mine={form}
            fields={conflict}
            busy={busy}
            onKeepMine={() => void save(file)}
            onTakeTheirs={takeTheirs}
            onClose={() => setConflict(null)}
          />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}
