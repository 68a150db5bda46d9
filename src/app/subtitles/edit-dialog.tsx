import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { lazy, Suspense, useId, useState } from 'react';
import { isApiError } from '../api/api-error';
import type { Subtitle } from '../api/schemas';
import { updateSubtitleMerging, type SubtitleChange } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { useNotify } from '../shell/notify';
import { EncodingSelect } from './encoding-select';
import { LanguageSelect } from './language-select';
import { validateSubtitleEdit, type UploadRule } from './lib/upload-validation';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';
import type { SubtitleConflictField } from './subtitle-conflict-dialog';

// Loaded with the first conflict: most saves never meet one.
const SubtitleConflictDialog = lazy(() => import('./subtitle-conflict-dialog'));

interface EditDialogProps {
  sub: Subtitle | null;
  onClose: () => void;
  /** Saved, or found changed or deleted elsewhere: the list is read again. */
  onSaved: () => void;
}

/** What the form changes on `base`: only the fields that differ, so another operator's change of the others merges (D33). */
const changeOf = (base: Subtitle, lang: string, charset: string | undefined): SubtitleChange => ({
  ...(lang !== base.sub_lang ? { sub_lang: lang } : {}),
  ...(charset && charset !== (base.sub_charset ?? undefined) ? { sub_charset: charset } : {}),
});

/**
 * Edit Subtitle: a track's language and the encoding its file is read with. Unchanged → 'No changes to
 * save'. Every save names the version it edits (If-Match): on a conflict the dialog stays open with what
 * was typed and the conflict dialog asks; a track deleted meanwhile is said in words.
 */
export function EditDialog({ sub, onClose, onSaved }: EditDialogProps) {
  return sub ? <EditForm key={sub.sub_id} sub={sub} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditForm({ sub, onClose, onSaved }: { sub: Subtitle; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const notify = useNotify();
  const titleId = useId();
  // The track as the server has it: as listed, then as a conflict brought it.
  const [base, setBase] = useState(sub);
  const [lang, setLang] = useState(sub.sub_lang);
  const [charset, setCharset] = useState(sub.sub_charset ?? undefined);
  const [error, setError] = useState<UploadRule | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<readonly SubtitleConflictField[] | null>(null);
  const { t } = useTexts(SUBTITLE_TEXTS);

  const save = async (over: Subtitle) => {
    const verdict = validateSubtitleEdit({ lang: over.sub_lang, charset: over.sub_charset ?? undefined }, { lang, charset });
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
      const result = await updateSubtitleMerging(api, over, changeOf(over, lang, charset));
      if (result.kind === 'conflict') {
        // The form keeps what was typed; the base becomes the server's, so 'Keep mine' saves over it.
        setBase(result.theirs);
        setConflict(result.fields);
        onSaved();
        return;
      }
      setConflict(null);
      const { reply } = result;
      notify.byStatus(reply.status, reply.message);
      if (reply.status !== 'error') {
        onSaved();
        onClose();
      }
    } catch (failure) {
      if (isApiError(failure) && failure.httpStatus === 404) {
        // Deleted (to the trash) by someone else while this dialog was open.
        notify.error(t('deletedMeanwhile'));
        onSaved();
        onClose();
      } else notify.error(failure, t('updateFailed'));
    } finally {
      setBusy(false);
    }
  };

  const takeTheirs = () => {
    const nextLang = conflict?.includes('sub_lang') ? base.sub_lang : lang;
    const nextCharset = conflict?.includes('sub_charset') ? (base.sub_charset ?? undefined) : charset;
    setConflict(null);
    // Nothing of mine left to save: the track is as the other operator left it.
    if (nextLang === base.sub_lang && nextCharset === (base.sub_charset ?? undefined)) onClose();
    setLang(nextLang);
    setCharset(nextCharset);
  };

  return (
    <>
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
          <Button variant="contained" onClick={() => void save(base)} disabled={busy} aria-busy={busy}>
            {busy ? t('saving') : t('save')}
          </Button>
        </DialogActions>
      </Dialog>
      {conflict ? (
        <Suspense fallback={null}>
          <SubtitleConflictDialog
            theirs={base}
            mine={{ lang, charset }}
            fields={conflict}
            busy={busy}
            onKeepMine={() => void save(base)}
            onTakeTheirs={takeTheirs}
            onClose={() => setConflict(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
