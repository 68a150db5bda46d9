import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId, useState } from 'react';
import { isCompleted } from '../../contract/file-status';
import { formatSize } from '../../contract/format-size';
import { saveDownloadsSetting } from '../api/config';
import { updateFileMerging } from '../api/files';
import type { VideoFile } from '../api/schemas';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { useConfigState, useLinkBases, useSession } from '../session/use-session';
import { useNotify } from '../shell/notify';
import { DOWNLOADS_TEXTS } from './downloads-texts';

type Choice = 'account' | 'on' | 'off';
const choiceOf = (own: boolean | null | undefined): Choice => (own === true ? 'on' : own === false ? 'off' : 'account');
const settingOf = (choice: Choice): boolean | null => (choice === 'account' ? null : choice === 'on');

export interface DownloadsDialogProps {
  open: boolean;
  onClose: () => void;
  file: VideoFile;
  onSaved(file: VideoFile): void;
}

/**
 * A file's downloads (decision D67), a dialog of its own chunk opened from the editor's Downloads card
 * (the editor's first load is at its budget): whether it may be downloaded (its own setting, or its
 * account's, which it also sets), and the links and sizes of its MP4 and M4A while they are stored.
 */
export default function DownloadsDialog({ open, onClose, file, onSaved }: DownloadsDialogProps) {
  const { t } = useTexts(DOWNLOADS_TEXTS);
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      <DialogContent>{open ? <DownloadsFields file={file} onSaved={onSaved} /> : null}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The setting and the stored files. A job makes or removes them after a change; each is a file event
 * (decision D70), which the editor's live file brings here.
 */
function DownloadsFields({ file, onSaved }: Pick<DownloadsDialogProps, 'file' | 'onSaved'>) {
  const api = useApi();
  const notify = useNotify();
  const { store } = useSession();
  const { t, locale } = useTexts(DOWNLOADS_TEXTS);
  const { config } = useConfigState();
  const { playerDomain } = useLinkBases();
  const [busy, setBusy] = useState(false);
  const account = (config?.downloads as { allowed?: boolean } | undefined)?.allowed === true;
  const allowed = file.downloads ?? account;
  const processed = isCompleted(file.file_status);
  const stored = Boolean(file.download_video);
  const pending = processed && allowed !== stored;

  const saveFile = async (choice: Choice) => {
    setBusy(true);
    try {
      const result = await updateFileMerging(api, file, { downloads: settingOf(choice) });
      if (result.kind === 'conflict') {
        notify.warning(t('changedMeanwhile'));
        onSaved(result.theirs);
        return;
      }
      notify.byStatus(result.reply.status, result.reply.message);
      if (result.reply.status === 'success' && result.reply.data) onSaved(result.reply.data);
    } catch (err) {
      console.error(`vp-file-editor: the downloads setting of file ${file.file_id} could not be saved.`, err);
      notify.error(err, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const saveAccount = async (on: boolean) => {
    setBusy(true);
    try {
      const reply = await saveDownloadsSetting(api, on);
      notify.byStatus(reply.status, reply.message);
      if (reply.status === 'success' && config) store.setServerConfig({ ...config, downloads: { allowed: on } });
    } catch (err) {
      console.error('vp-file-editor: the account downloads setting could not be saved.', err);
      notify.error(err, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  const link = (kind: 'video' | 'audio') => {
    const stored = kind === 'video' ? file.download_video : file.download_audio;
    if (!stored) return null;
    return (
      <ListItem key={kind} disableGutters>
        <ListItemText
          primary={
            <Link href={`${playerDomain ?? ''}${stored.url}`} download>
              {t(kind)}
            </Link>
          }
          secondary={formatSize(stored.bytes, locale)}
        />
      </ListItem>
    );
  };

  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('intro')}
      </Typography>
      <TextField
        select
        label={t('setting')}
        value={choiceOf(file.downloads)}
        onChange={(event) => void saveFile(event.target.value as Choice)}
        disabled={busy}
        fullWidth
      >
        <MenuItem value="account">{t('followAccount', { state: account ? t('allowedLower') : t('notAllowedLower') })}</MenuItem>
        <MenuItem value="on">{t('allowed')}</MenuItem>
        <MenuItem value="off">{t('notAllowed')}</MenuItem>
      </TextField>
      <FormControlLabel
        control={<Switch checked={account} onChange={(event) => void saveAccount(event.target.checked)} disabled={busy} />}
        label={t('accountSetting')}
      />
      {stored ? <List dense>{[link('video'), link('audio')]}</List> : null}
      {pending ? (
        <Alert severity="info" role="status">
          {allowed ? t('making') : t('removing')}
        </Alert>
      ) : allowed && !processed ? (
        <Typography variant="body2">{t('afterProcessing')}</Typography>
      ) : !stored ? (
        <Typography variant="body2">{t('none')}</Typography>
      ) : null}
    </Stack>
  );
}
