import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import type { Subtitle } from '../api/schemas';
import { updateSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { LanguageSelect } from './language-select';
import { NO_CHANGES_MESSAGE, validateLanguageEdit } from './lib/upload-validation';

export const UPDATE_SUBTITLE_FAILED = 'Failed to update subtitle';

interface EditDialogProps {
  sub: Subtitle | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Subtitle: change a track's language. Unchanged → warning 'No changes to save' and close. */
export function EditDialog({ sub, onClose, onSaved }: EditDialogProps) {
  return sub ? <EditForm key={sub.sub_id} sub={sub} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditForm({ sub, onClose, onSaved }: { sub: Subtitle; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const titleId = useId();
  const [lang, setLang] = useState(sub.sub_lang);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const verdict = validateLanguageEdit(sub.sub_lang, lang);
    if (verdict === 'no-change') {
      notify.warning(NO_CHANGES_MESSAGE);
      onClose();
      return;
    }
    if (verdict) {
      setError(verdict);
      return;
    }
    setBusy(true);
    try {
      const reply = await updateSubtitle(api, sub.sub_id, lang);
      notify.byStatus(reply.status, reply.message);
      if (reply.status !== 'error') {
        onSaved();
        onClose();
      }
    } catch (failure) {
      notify.error(failure, UPDATE_SUBTITLE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Edit Subtitle</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <LanguageSelect value={lang} onChange={(code) => (setLang(code), setError(null))} error={error} disabled={busy} autoFocus />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
