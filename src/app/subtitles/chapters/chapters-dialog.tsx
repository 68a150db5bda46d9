import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import type { ChaptersJson } from '../../../contract/chapters';
import { deleteChapters, getChapters, putChapterLines } from '../../api/chapters';
import { getFile } from '../../api/files';
import { subtitleSchema, type Subtitle } from '../../api/schemas';
import { useApi } from '../../api/use-api';
import { useNotify } from '../../shell/notify';
import { LazyConfirmDialog } from '../../ui/lazy-confirm-dialog';
import { lazyDialog } from '../../ui/lazy-dialog';
import { useTexts } from '../../i18n/texts';
import { ChapterList } from './chapter-list';
import { CHAPTER_TEXTS } from './chapters-texts';

// The same cue editor as a subtitle track's: a title per cue, overlaps refused by the server on save.
const CueEditorDialog = lazyDialog(
  () => import('../cue-editor/cue-editor-dialog').then((module) => module.default),
  (props) => props.sub !== null,
);
// Pasting lines, with the chapter checker: loaded when first asked for.
const ChapterLinesDialog = lazyDialog(
  () => import('./chapter-lines-dialog').then((module) => module.default),
  (props) => props.open,
);

type Loaded = { chapters: ChaptersJson | null; durationMs: number | null };
type State = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & Loaded);

export interface ChaptersDialogProps {
  open: boolean;
  fileId: number;
  onClose: () => void;
}

/**
 * The file's chapters (decision D66), in a dialog the editor's Chapters card opens: as a list, pasted as
 * "00:00 Intro" lines (checked and previewed before saving, in their dialog), edited in the cue editor,
 * or deleted. Its own chunk, loaded on the operator's action (the editor's first load is at its budget).
 */
export default function ChaptersDialog({ open, fileId, onClose }: ChaptersDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.95px)');
  const { t } = useTexts(CHAPTER_TEXTS);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>{open ? <ChaptersPane fileId={fileId} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the dialog shows while open: the chapters, and what can be done with them. */
function ChaptersPane({ fileId }: { fileId: number }) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(CHAPTER_TEXTS);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [pasting, setPasting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [cueTrack, setCueTrack] = useState<Subtitle | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    Promise.all([getChapters(api, fileId, abort.signal), getFile(api, fileId)]).then(
      ([chapters, file]) => {
        const seconds = file.data?.file_duration;
        if (!abort.signal.aborted) setState({ status: 'ready', chapters, durationMs: seconds ? Math.round(seconds * 1000) : null });
      },
      () => !abort.signal.aborted && setState({ status: 'failed' }),
    );
    return () => abort.abort();
  }, [api, fileId, attempt]);
  const reload = () => setAttempt((n) => n + 1);

  const ready = state.status === 'ready' ? state : null;
  const chapters = ready?.chapters ?? null;

  const confirmDelete = async () => {
    if (!chapters || !ready) return;
    setBusy(true);
    try {
      await deleteChapters(api, fileId, chapters.version);
      setState({ ...ready, chapters: null });
      notify.success(t('deleted'));
    } catch (error) {
      notify.error(error, t('deleteFailed'));
      reload();
    } finally {
      setBusy(false);
      setAskDelete(false);
    }
  };

  const openCueEditor = async (subId: number) => {
    try {
      const track = await api.request(`subs/${subId}`, subtitleSchema);
      if (track.data) setCueTrack(track.data);
    } catch (error) {
      notify.error(error, t('loadFailed'));
    }
  };

  // The cue editor edits a track that exists: starting there saves one chapter over the whole video
  // first (the button says so), which the operator then splits, retitles or deletes.
  const startInEditor = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      const created = await putChapterLines(api, fileId, `00:00 ${t('firstChapter')}\n`, null);
      if (!created.data) return;
      setState({ ...ready, chapters: created.data });
      await openCueEditor(created.data.sub_id);
    } catch (error) {
      notify.error(error, t('saveFailed'));
      reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {state.status === 'loading' ? <Typography color="text.secondary">{t('loading')}</Typography> : null}
      {state.status === 'failed' ? (
        <Alert severity="warning" action={<Button onClick={reload}>{t('retry')}</Button>}>
          {t('loadFailed')}
        </Alert>
      ) : null}
      {ready && ready.durationMs === null ? <Typography color="text.secondary">{t('noDuration')}</Typography> : null}
      {refusal ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {refusal}
        </Alert>
      ) : null}

      {ready?.durationMs ? (
        <>
          {chapters ? (
            <ChapterList label={t('list')} chapters={chapters.chapters} />
          ) : (
            <Box sx={{ py: 1 }}>
              <Typography component="p" variant="subtitle1">
                {t('empty')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('emptyHint')}
              </Typography>
            </Box>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            <Button
              variant={chapters ? 'text' : 'contained'}
              onClick={() => {
                setRefusal(null);
                setPasting(true);
              }}
            >
              {chapters ? t('pasteAgain') : t('paste')}
            </Button>
            {chapters ? (
              <Button onClick={() => void openCueEditor(chapters.sub_id)}>{t('editCues')}</Button>
            ) : (
              <Button disabled={busy} onClick={() => void startInEditor()}>
                {busy ? t('starting') : t('startInEditor')}
              </Button>
            )}
            {chapters ? (
              <Button color="error" onClick={() => setAskDelete(true)}>
                {t('delete')}
              </Button>
            ) : null}
          </Stack>
          <ChapterLinesDialog
            open={pasting}
            fileId={fileId}
            durationMs={ready.durationMs}
            current={chapters}
            onClose={() => setPasting(false)}
            onChapters={(now, changed) => {
              setState({ ...ready, chapters: now });
              setRefusal(changed ? t('changedMeanwhile') : null);
            }}
          />
        </>
      ) : null}

      <CueEditorDialog
        sub={cueTrack}
        title={t('editTitle')}
        onClose={() => setCueTrack(null)}
        onSaved={() => {
          setCueTrack(null);
          reload();
        }}
      />
      <LazyConfirmDialog
        open={askDelete}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        busyLabel={t('deleting')}
        danger
        busy={busy}
        onConfirm={confirmDelete}
        onClose={() => setAskDelete(false)}
      >
        {t('deleteText')}
      </LazyConfirmDialog>
    </>
  );
}
