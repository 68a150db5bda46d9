import { Alert, Box, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import type { ChaptersJson } from '../../../contract/chapters';
import { chaptersSchema } from '../../../contract/chapters';
import { chapterLines, clockTime, parseChapterLines } from '../../../subtitle-text/chapters';
import { deleteChapters, getChapters, putChapterLines } from '../../api/chapters';
import { getFile } from '../../api/files';
import { subtitleSchema, type Subtitle } from '../../api/schemas';
import { useApi } from '../../api/use-api';
import { staleCurrent } from '../../api/versioned-write';
import { useNotify } from '../../shell/notify';
import { LazyConfirmDialog } from '../../ui/lazy-confirm-dialog';
import { lazyDialog } from '../../ui/lazy-dialog';
import { SectionCard } from '../../ui/section-card';
import { useTexts } from '../../i18n/texts';
import { CHAPTER_TEXTS } from './chapters-texts';

// The same cue editor as a subtitle track's: a title per cue, overlaps refused by the server on save.
const CueEditorDialog = lazyDialog(
  () => import('../cue-editor/cue-editor-dialog').then((module) => module.default),
  (props) => props.sub !== null,
);

type Loaded = { chapters: ChaptersJson | null; durationMs: number | null };
type State = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & Loaded);

/**
 * The Chapters card (decision D66): the file's chapters as a list, pasted as "00:00 Intro" lines (checked
 * and previewed as a list before saving, a fault naming its line), edited in the cue editor, or deleted.
 */
export default function ChaptersCard({ fileId }: { fileId: number }) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(CHAPTER_TEXTS);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [cueTrack, setCueTrack] = useState<Subtitle | null>(null);
  const linesId = useId();

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
  const checked = draft !== null && draft.trim() && ready?.durationMs ? parseChapterLines(draft, ready.durationMs) : null;

  const save = async () => {
    if (!checked?.ok || draft === null || !ready) return;
    setBusy(true);
    setRefusal(null);
    try {
      const reply = await putChapterLines(api, fileId, draft, chapters?.version ?? null);
      setState({ ...ready, status: 'ready', chapters: reply.data ?? null });
      setDraft(null);
      notify.success(t('saved'));
    } catch (error) {
      const current = staleCurrent(error, chaptersSchema);
      if (current) {
        setState({ ...ready, status: 'ready', chapters: current });
        setRefusal(t('changedMeanwhile'));
      } else notify.error(error, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!chapters || !ready) return;
    setBusy(true);
    try {
      await deleteChapters(api, fileId, chapters.version);
      setState({ ...ready, status: 'ready', chapters: null });
      notify.success(t('deleted'));
    } catch (error) {
      notify.error(error, t('deleteFailed'));
      reload();
    } finally {
      setBusy(false);
      setAskDelete(false);
    }
  };

  const openCueEditor = async () => {
    if (!chapters) return;
    try {
      const track = await api.request(`subs/${chapters.sub_id}`, subtitleSchema);
      if (track.data) setCueTrack(track.data);
    } catch (error) {
      notify.error(error, t('loadFailed'));
    }
  };

  const startPasting = () => {
    setRefusal(null);
    setDraft(chapters ? chapterLines(chapters.chapters) : '');
  };

  return (
    <SectionCard title={t('title')}>
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

      {ready?.durationMs && draft === null ? (
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
            <Button variant={chapters ? 'text' : 'contained'} onClick={startPasting}>
              {chapters ? t('pasteAgain') : t('paste')}
            </Button>
            {chapters ? <Button onClick={() => void openCueEditor()}>{t('editCues')}</Button> : null}
            {chapters ? (
              <Button color="error" onClick={() => setAskDelete(true)}>
                {t('delete')}
              </Button>
            ) : null}
          </Stack>
        </>
      ) : null}

      {ready?.durationMs && draft !== null ? (
        <Stack spacing={2}>
          <TextField
            id={linesId}
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
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={!checked?.ok || busy} onClick={() => void save()}>
              {busy ? t('saving') : t('save')}
            </Button>
            <Button disabled={busy} onClick={() => setDraft(null)}>
              {t('cancel')}
            </Button>
          </Stack>
        </Stack>
      ) : null}

      <CueEditorDialog
        sub={cueTrack}
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
    </SectionCard>
  );
}

/** Chapters as a list: the time each starts at, and its title. */
function ChapterList({
  label,
  chapters,
  heading,
}: {
  label: string;
  chapters: readonly { start: number; title: string }[];
  heading?: boolean;
}) {
  return (
    <Box>
      {heading ? (
        <Typography variant="subtitle2" component="h3">
          {label}
        </Typography>
      ) : null}
      <List dense disablePadding aria-label={label}>
        {chapters.map((c) => (
          <ListItem key={c.start} disableGutters>
            <ListItemText
              primary={
                <>
                  <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary', mr: 1.5 }}>
                    {clockTime(c.start)}
                  </Box>
                  {c.title}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
