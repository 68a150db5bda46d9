import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, useMediaQuery } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { updateFileMerging } from '../api/files';
import type { VideoFile } from '../api/schemas';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { useConfigState } from '../session/use-session';
import { useEmit } from '../shell/events';
import { useNotify } from '../shell/notify';
import { accessChanged, accessOf, sitesProblem, toAccessForm, type AccessForm } from '../shared/player-access-form';
import { PlayerAccessFields } from '../shared/player-access-fields';
import { ACCESS_TEXTS } from '../shared/player-access-texts';

interface PlayerAccessDialogProps {
  open: boolean;
  onClose: () => void;
  file: VideoFile;
  /** The file as the server has it now: after a save, or the current version a conflict brought. */
  onSaved: (file: VideoFile) => void;
}

/**
 * "Where it may play" (issue 40, decision D53): the file's `player_access`, or the account's default.
 * A dialog of its own chunk, opened from Embed & Link (the editor's first load is at its budget), with its
 * own save as File Information saves: PUT /api/files/{id} with If-Match, a change elsewhere to other
 * fields merged. Closing it without saving drops the choices (it opens on the file's setting again).
 */
export default function PlayerAccessDialog({ open, onClose, file, onSaved }: PlayerAccessDialogProps) {
  const { t } = useTexts(ACCESS_TEXTS);
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      {open ? <AccessFormFields file={file} onSaved={onSaved} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AccessFormFields({ file, onSaved, onClose }: Omit<PlayerAccessDialogProps, 'open'>) {
  const { t } = useTexts(ACCESS_TEXTS);
  const api = useApi();
  const notify = useNotify();
  const emit = useEmit();
  const accountDefault = useConfigState().config?.player.access;
  const saved = toAccessForm(file.player_access, accountDefault);
  const [form, setForm] = useState<AccessForm>(saved);
  const [showProblem, setShowProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty = accessChanged(form, saved);
  const problem = sitesProblem(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setShowProblem(true);
    if (problem) return;
    setBusy(true);
    try {
      const result = await updateFileMerging(api, file, { player_access: accessOf(form) });
      if (result.kind === 'conflict') {
        // The form keeps the operator's choice; the file on screen becomes the server's, so a second save applies it.
        onSaved(result.theirs);
        notify.warning(t('conflict'));
        return;
      }
      const { reply } = result;
      notify.byStatus(reply.status, reply.message);
      if (reply.status === 'success' && reply.data) {
        onSaved(reply.data);
        emit('vp-file-saved', { file: reply.data });
        onClose();
      }
    } catch (error) {
      notify.error(error, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PlayerAccessFields
            form={form}
            busy={busy}
            showProblem={showProblem}
            onChange={setForm}
            onBlurSites={() => setShowProblem(true)}
          />
          <Alert severity="info">{t('honest')}</Alert>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy || !dirty} aria-busy={busy}>
          {busy ? t('saving') : t('save')}
        </Button>
      </DialogActions>
    </Stack>
  );
}
