import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, useMediaQuery } from '@mui/material';
import { useId, useState } from 'react';
import { chaptersSchema, type ChaptersJson } from '../../../contract/chapters';
import { chapterLines, parseChapterLines } from '../../../subtitle-text/chapters';
import { putChapterLines } from '../../api/chapters';
import { useApi } from '../../api/use-api';
import { staleCurrent } from '../../api/versioned-write';
import { useNotify } from '../../shell/notify';
import { useTexts } from '../../i18n/texts';
import { ChapterList } from './chapter-list';
import { CHAPTER_TEXTS } from './chapters-texts';

export interface ChapterLinesDialogProps {
  open: boolean;
  fileId: number;
  durationMs: number;
  /** The chapters saved now (their lines start the text, their version is the If-Match), or null. */
  current: ChaptersJson | null;
  onClose(): void;
  /** Saved, or found changed by someone else (then `changed`): the chapters as they are now. */
  onChapters(chapters: ChaptersJson, changed?: boolean): void;
}

/**
 * "00:00 Intro" lines pasted, checked as the server checks them (a fault names its line, Save waits) and
 * previewed as a list before saving (D66). Its own chunk, with the checker: loaded when first opened.
 */
export default function ChapterLinesDialog({ open, fileId, durationMs, current, onClose, onChapters }: ChapterLinesDialogProps) {
  const { t } = useTexts(CHAPTER_TEXTS);
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>{t('paste')}</DialogTitle>
      {open ? <LinesForm fileId={fileId} durationMs={durationMs} current={current} onClose={onClose} onChapters={onChapters} /> : null}
    </Dialog>
  );
}

function LinesForm({ fileId, durationMs, current, onClose, onChapters }: Omit<ChapterLinesDialogProps, 'open'>) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(CHAPTER_TEXTS);
  const [draft, setDraft] = useState(() => (current ? chapterLines(current.chapters) : ''));
  const [busy, setBusy] = useState(false);
  const checked = draft.trim() ? parseChapterLines(draft, durationMs) : null;

  const save = async () => {
    if (!checked?.ok) return;
    setBusy(true);
    try {
      const reply = await putChapterLines(api, fileId, draft, current?.version ?? null);
      if (reply.data) onChapters(reply.data);
      notify.success(t('saved'));
      onClose();
    } catch (error) {
      const now = staleCurrent(error, chaptersSchema);
      if (now) {
        onChapters(now, true);
        notify.error(t('changedMeanwhile'));
      } else notify.error(error, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('lines')}
            helperText={t('linesHint')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={4}
            maxRows={14}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          {checked && !checked.ok ? (
            <Alert severity="error" role="alert">
              {checked.problem}
            </Alert>
          ) : null}
          {checked?.ok ? (
            <ChapterList label={t('preview')} heading chapters={checked.chapters.map((c) => ({ ...c, start: c.start / 1000 }))} />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button disabled={busy} onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button variant="contained" disabled={!checked?.ok || busy} onClick={() => void save()}>
          {busy ? t('saving') : t('save')}
        </Button>
      </DialogActions>
    </>
  );
}
