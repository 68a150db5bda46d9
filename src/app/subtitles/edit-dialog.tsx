import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useState } from 'react';
import type { Subtitle } from '../api/schemas';
import { updateSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { EncodingSelect } from './encoding-select';
import { LanguageSelect } from './language-select';
import { NO_CHANGES_MESSAGE, validateSubtitleEdit } from './lib/upload-validation';

export const UPDATE_SUBTITLE_FAILED = 'Failed to update subtitle';
export const ENCODING_HELP =
  'The player shows the file read with this encoding. If its text looks garbled, pick the one the file was saved in: the player copy is rebuilt from the original file.';

interface EditDialogProps {
  sub: Subtitle | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit Subtitle: a track's language and the encoding its file is read with. Unchanged → 'No changes to save'. */
export function EditDialog({ sub, onClose, onSaved }: EditDialogProps) {
  return sub ? <EditForm key={sub.sub_id} sub={sub} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditForm({ sub, onClose, onSaved }: { sub: Subtitle; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const titleId = useId();
  const [lang, setLang] = useState(sub.sub_lang);
  const stored = sub.sub_charset ?? undefined;
  const [charset, setCharset] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const verdict = validateSubtitleEdit({ lang: sub.sub_lang, charset: stored }, { lang, charset });
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
      const reply = await updateSubtitle(api, sub.sub_id, {
        sub_lang: lang,
        ...(charset && charset !== stored ? { sub_charset: charset } : {}),
      });
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
        <Stack spacing={2}>
          <LanguageSelect value={lang} onChange={(code) => (setLang(code), setError(null))} error={error} disabled={busy} autoFocus />
          {charset ? <EncodingSelect value={charset} onChange={setCharset} disabled={busy} helperText={ENCODING_HELP} /> : null}
        </Stack>
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
