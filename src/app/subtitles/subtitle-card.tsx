import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { deleteSubtitle } from '../api/subtitles';
import { useApi } from '../api/use-api';
import type { Subtitle } from '../api/schemas';
import { useEmit } from '../shell/events';
import { useNotify } from '../shell/notify';
import { AddIcon, CloudUploadIcon, DeleteIcon, EditIcon, SubtitlesIcon } from '../ui/icons';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SectionCard } from '../ui/section-card';
import { EditDialog } from './edit-dialog';
import { formatAge, formatDateTime, formatSize } from './lib/format';
import { languageLabel } from './lib/languages';
import { UploadDialog } from './upload-dialog';
import { useSubtitles } from './use-subtitles';

export const DELETE_SUBTITLE_FAILED = 'Failed to delete subtitle';

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
  const [deleting, setDeleting] = useState<Subtitle | null>(null);
  const [busyDelete, setBusyDelete] = useState(false);

  const changed = () => {
    reload();
    emit('vp-subtitles-changed', { fileId });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusyDelete(true);
    try {
      const reply = await deleteSubtitle(api, deleting.sub_id);
      if (reply.status === 'success') {
        notify.success('Subtitle deleted successfully');
        changed();
      } else notify.error(reply.message || DELETE_SUBTITLE_FAILED);
    } catch (error) {
      notify.error(error, DELETE_SUBTITLE_FAILED);
    } finally {
      setBusyDelete(false);
      setDeleting(null);
    }
  };

  const subs = state.status === 'ready' ? state.subs : [];
  return (
    <SectionCard
      title="Subtitles"
      action={
        <Button startIcon={<CloudUploadIcon />} onClick={() => setUploading(true)}>
          Upload subtitle
        </Button>
      }
    >
      {state.status === 'loading' ? <Typography color="text.secondary">Loading subtitles…</Typography> : null}
      {state.status === 'failed' ? (
        <Alert severity="warning" action={<Button onClick={reload}>Retry</Button>}>
          The subtitles could not be loaded.
        </Alert>
      ) : null}
      {state.status === 'ready' && subs.length === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 3, textAlign: 'center' }}>
          <SubtitlesIcon fontSize="large" color="action" aria-hidden />
          <Typography component="p" variant="subtitle1">
            No subtitles available
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Add subtitles to make your content more accessible
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setUploading(true)}>
            Add First Subtitle
          </Button>
        </Stack>
      ) : null}
      {subs.length > 0 ? (
        <List disablePadding aria-label="Subtitle tracks">
          {subs.map((sub) => (
            <SubtitleRow key={sub.sub_id} sub={sub} onEdit={() => setEditing(sub)} onDelete={() => setDeleting(sub)} />
          ))}
        </List>
      ) : null}
      <UploadDialog open={uploading} fileId={fileId} onClose={() => setUploading(false)} onUploaded={changed} />
      <EditDialog sub={editing} onClose={() => setEditing(null)} onSaved={changed} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete subtitle?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        busy={busyDelete}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        The {deleting ? languageLabel(deleting.sub_lang) : ''} subtitle will be removed from this video and kept in the trash.
      </ConfirmDialog>
    </SectionCard>
  );
}

function SubtitleRow({ sub, onEdit, onDelete }: { sub: Subtitle; onEdit: () => void; onDelete: () => void }) {
  const label = languageLabel(sub.sub_lang);
  return (
    <ListItem divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
      <ListItemText
        sx={{ flex: '1 1 220px' }}
        primary={<span lang={label === sub.sub_lang ? undefined : sub.sub_lang}>{label}</span>}
        secondary={`${formatSize(sub.sub_size)} · ${formatDateTime(sub.created_at)} · ${formatAge(sub.created_at)}`}
      />
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit ${label} subtitle`}>
          Edit
        </Button>
        <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={onDelete} aria-label={`Delete ${label} subtitle`}>
          Delete
        </Button>
      </Box>
    </ListItem>
  );
}
