import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useId, useState } from 'react';
import type { Subtitle } from '../api/schemas';
import { updateSubtitleMerging } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { EncodingSelect } from './encoding-select';
import { LanguageSelect } from './language-select';
import { validateSubtitleEdit, type UploadRule } from './lib/upload-validation';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

interface EditDialogProps {
  sub: Subtitle | null;
  onClose: () => void;
  /** Saved, or found changed elsewhere: the list is read again either way. */
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
  const [error, setError] = useState<UploadRule | null>(null);
  const [busy, setBusy] = useState(false);
  const { t } = useTexts(SUBTITLE_TEXTS);

  const save = async () => {
    const verdict = validateSubtitleEdit({ lang: sub.sub_lang, charset: stored }, { lang, charset });
    if (verdict === 'no-change') {
      notify.warning(t('noChanges'));
      onClose();
      return;
    }
    if (verdict) {
      setError(verdict);
      return;
    }
    setBusy(true);
    try {
      // If-Match the version listed; a change elsewhere to the other field is merged.
      const result = await updateSubtitleMerging(api, sub, {
        sub_lang: lang,
        ...(charset && charset !== stored ? { sub_charset: charset } : {}),
      });
      if (result.kind === 'conflict') {
        notify.error(t('changedMeanwhile'));
        onSaved();
        onClose();
        return;
      }
      const { reply } = result;
      notify.byStatus(reply.status, reply.message);
      if (reply.status !== 'error') {
        onSaved();
        onClose();
      }
    } catch (failure) {
      notify.error(failure, t('updateFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('editTitle')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <Stack spacing={2}>
          <LanguageSelect
            value={lang}
            onChange={(code) => (setLang(code), setError(null))}
            error={error ? t(error) : null}
            disabled={busy}
            autoFocus
          />
          {charset ? <EncodingSelect value={charset} onChange={setCharset} disabled={busy} helperText={t('encodingHelp')} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy} aria-busy={busy}>
          {busy ? t('saving') : t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
