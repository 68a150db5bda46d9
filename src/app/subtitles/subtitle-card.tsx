import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { isApiError } from '../api/api-error';
import { deleteSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import { subtitleSchema, type Subtitle } from '../api/schemas';
import { staleCurrent } from '../api/versioned-write';
import { useEmit } from '../shell/events';
import { useNotify } from '../shell/notify';
import { AddIcon, CloudUploadIcon, DeleteIcon, EditIcon, SubtitlesIcon } from '../ui/icons';
import { LazyConfirmDialog } from '../ui/lazy-confirm-dialog';
import { lazyDialog } from '../ui/lazy-dialog';
import { SectionCard } from '../ui/section-card';
import { formatAge, formatDateTime, formatSize } from '../i18n/format';
import { languageLabel } from '../i18n/languages';
import { useSubtitles } from './use-subtitles';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

// Uploading (the file check, the drop zone) and editing load when first opened.
const UploadDialog = lazyDialog(
  () => import('./upload-dialog').then((module) => module.UploadDialog),
  (props) => props.open,
);
const EditDialog = lazyDialog(
  () => import('./edit-dialog').then((module) => module.EditDialog),
  (props) => props.sub !== null,
);
// The cue editor (with its list virtualiser) is the biggest of them: never in the card's first load.
const CueEditorDialog = lazyDialog(
  () => import('./cue-editor/cue-editor-dialog').then((module) => module.default),
  (props) => props.sub !== null,
);

/**
 * The Subtitle card's content: the tracks with Edit and Delete, the empty state, and the upload,
 * edit and delete dialogs.
 */
export function SubtitleSection({ fileId }: { fileId: number }) {
  const api = useApi();
  const notify = useNotify();
  const emit = useEmit();
  const { state, reload } = useSubtitles(fileId);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Subtitle | null>(null);
  const [editingCues, setEditingCues] = useState<Subtitle | null>(null);
  const [deleting, setDeleting] = useState<Subtitle | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);
  const { t, language, locale } = useTexts(SUBTITLE_TEXTS);

  const changed = () => {
    reload();
    emit('vp-subtitles-changed', { fileId });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      const reply = await deleteSubtitle(api, deleting);
      if (reply.status === 'success') {
        notify.success(t('deleted'));
        changed();
      } else notify.error(reply.message || t('deleteFailed'));
    } catch (error) {
      // Changed since the list was read (412): nothing is deleted, the toast says what changed, and the
      // list shows the track as it is now. Gone (404): someone else deleted it first.
      const current = staleCurrent(error, subtitleSchema);
      if (current) {
        notify.error(t('notDeleted', { change: changeText(deleting, current) }));
        reload();
      } else if (isApiError(error) && error.httpStatus === 404) {
        notify.error(t('alreadyDeleted'));
        changed();
      } else notify.error(error, t('deleteFailed'));
    } finally {
      setBusyDelete(false);
      setDeleting(null);
    }
  };

  /** ' (language English → French)': what another operator changed between the list and the delete. */
  const changeText = (before: Subtitle, after: Subtitle) => {
    const parts = [
      ...(before.sub_lang !== after.sub_lang
        ? [
            t('changedLanguage', {
              before: languageLabel(before.sub_lang, language, locale),
              after: languageLabel(after.sub_lang, language, locale),
            }),
          ]
        : []),
      ...(before.sub_charset !== after.sub_charset
        ? [t('changedEncoding', { before: (before.sub_charset ?? '').toUpperCase(), after: (after.sub_charset ?? '').toUpperCase() })]
        : []),
    ];
    return parts.length ? ` (${parts.join(', ')})` : '';
  };

  const subs = state.status === 'ready' ? state.subs : [];
  return (
    <SectionCard
      title={t('title')}
      action={
        <Button startIcon={<CloudUploadIcon />} onClick={() => setUploading(true)}>
          {t('upload')}
        </Button>
      }
    >
      {state.status === 'loading' ? <Typography color="text.secondary">{t('loading')}</Typography> : null}
      {state.status === 'failed' ? (
        <Alert severity="warning" action={<Button onClick={reload}>{t('retry')}</Button>}>
          {t('loadFailed')}
        </Alert>
      ) : null}
      {state.status === 'ready' && subs.length === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
          <SubtitlesIcon fontSize="large" color="action" aria-hidden />
          <Typography component="p" variant="subtitle1">
            {t('empty')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('emptyHint')}
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setUploading(true)}>
            {t('addFirst')}
          </Button>
        </Stack>
      ) : null}
      {subs.length > 0 ? (
        <List disablePadding aria-label={t('tracks')}>
          {subs.map((sub) => (
            <SubtitleRow
              key={sub.sub_id}
              sub={sub}
              onEdit={() => setEditing(sub)}
              onEditCues={() => setEditingCues(sub)}
              onDelete={() => setDeleting(sub)}
            />
          ))}
        </List>
      ) : null}
      <UploadDialog open={uploading} fileId={fileId} onClose={() => setUploading(false)} onUploaded={changed} />
      <EditDialog sub={editing} onClose={() => setEditing(null)} onSaved={changed} />
      <CueEditorDialog sub={editingCues} onClose={() => setEditingCues(null)} onSaved={changed} />
      <LazyConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        busyLabel={t('deleting')}
        danger
        busy={busyDelete}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('deleteText', { language: deleting ? languageLabel(deleting.sub_lang, language, locale) : '' })}
      </LazyConfirmDialog>
    </SectionCard>
  );
}

function SubtitleRow({
  sub,
  onEdit,
  onEditCues,
  onDelete,
}: {
  sub: Subtitle;
  onEdit: () => void;
  onEditCues: () => void;
  onDelete: () => void;
}) {
  const { t, language, locale } = useTexts(SUBTITLE_TEXTS);
  const label = languageLabel(sub.sub_lang, language, locale);
  return (
    <ListItem divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
      <ListItemText
        sx={{ flex: '1 1 220px' }}
        primary={<span lang={label === sub.sub_lang || language !== 'en' ? undefined : sub.sub_lang}>{label}</span>}
        secondary={`${formatSize(sub.sub_size, locale)} · ${formatDateTime(sub.created_at, locale)} · ${formatAge(sub.created_at, new Date(), locale, t('justNow'))}`}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={t('editLabel', { language: label })}>
          {t('edit')}
        </Button>
        <Button size="small" startIcon={<SubtitlesIcon />} onClick={onEditCues} aria-label={t('editCuesLabel', { language: label })}>
          {t('editCues')}
        </Button>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} aria-label={t('deleteLabel', { language: label })}>
          {t('delete')}
        </Button>
      </Box>
    </ListItem>
  );
}
