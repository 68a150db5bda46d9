import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  useMediaQuery,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { downloadAsFile } from '../../api/download';
import type { Subtitle } from '../../api/schemas';
import { originalPath, versionTextPath, type SubtitleVersion } from '../../api/subtitle-versions';
import { useApi } from '../../api/use-api';
import { formatAge, formatDateTime, formatSize } from '../../i18n/format';
import { languageLabel } from '../../i18n/languages';
import { useTexts } from '../../i18n/texts';
import { useNotify } from '../../shell/notify';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DownloadIcon, RestoreIcon } from '../../ui/icons';
import { SUBTITLE_TEXTS } from '../texts';
import { VERSION_TEXTS } from './texts';
import { useSubtitleVersions } from './use-subtitle-versions';

export interface VersionsDialogProps {
  /** The track whose versions are shown; null: closed. */
  sub: Subtitle | null;
  onClose(): void;
  /** The track changed (a restore, or another operator's change found on the way): the card reads the tracks again. */
  onChanged(): void;
}

const KIND_KEYS = { upload: 'kindUpload', edit: 'kindEdit', restore: 'kindRestore' } as const;

/**
 * A track's versions, each downloadable and (but the current one) restorable, and the original upload's bytes.
 * Download comes last in each row, so the Download buttons line up whether or not Restore is there.
 */
export default function VersionsDialog({ sub, onClose, onChanged }: VersionsDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  return (
    <Dialog open={sub !== null} onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      {sub ? <Versions key={sub.sub_id} sub={sub} titleId={titleId} onClose={onClose} onChanged={onChanged} /> : null}
    </Dialog>
  );
}

function Versions({ sub, titleId, onClose, onChanged }: { sub: Subtitle; titleId: string; onClose(): void; onChanged(): void }) {
  const api = useApi();
  const notify = useNotify();
  const { t } = useTexts(VERSION_TEXTS);
  const card = useTexts(SUBTITLE_TEXTS);
  const { language, locale } = card;
  const { state, reload, restore, restoring } = useSubtitleVersions(sub, onChanged);
  const [asking, setAsking] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const label = languageLabel(sub.sub_lang, language, locale);

  const download = (path: string, filename: string) =>
    downloadAsFile(api, path, filename, root.current ?? document.body).catch(() => notify.error(t('downloadFailed')));

  const row = (version: SubtitleVersion, current: boolean) => {
    const name = t('versionName', { n: version.version_no });
    const details = [
      t(KIND_KEYS[version.kind]),
      formatAge(version.created_at, new Date(), locale, card.t('justNow')),
      ...(version.actor ? [version.actor] : []),
      formatSize(version.size, locale),
    ].join(' · ');
    return (
      <ListItem key={version.version_no} divider sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
        <ListItemText
          sx={{ flex: '1 1 220px' }}
          primary={current ? `${name} · ${t('currentVersion')}` : name}
          secondary={<span title={formatDateTime(version.created_at, locale)}>{details}</span>}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>
          {current ? null : (
            <Button
              size="small"
              startIcon={<RestoreIcon />}
              disabled={restoring !== null}
              aria-label={t('restoreVersionLabel', { n: version.version_no })}
              onClick={() => setAsking(version.version_no)}
            >
              {t('restore')}
            </Button>
          )}
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            aria-label={t('downloadVersionLabel', { n: version.version_no })}
            onClick={() => download(versionTextPath(sub.sub_id, version.version_no), `${sub.sub_lang}-v${version.version_no}.vtt`)}
          >
            {t('download')}
          </Button>
        </Box>
      </ListItem>
    );
  };

  return (
    <>
      <DialogTitle id={titleId}>{card.t('versionsLabel', { language: label })}</DialogTitle>
      <DialogContent ref={root}>
        {state.status === 'loading' ? (
          <Box role="status" aria-label={t('versionsLoading')} sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
            <CircularProgress />
          </Box>
        ) : null}
        {state.status === 'failed' ? (
          <Alert severity="warning" action={<Button onClick={reload}>{card.t('retry')}</Button>}>
            {t('versionsFailed')}
          </Alert>
        ) : null}
        {state.status === 'ready' ? (
          <List disablePadding aria-label={card.t('versions')}>
            {state.versions.map((version, index) => row(version, index === 0))}
          </List>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<DownloadIcon />} onClick={() => download(originalPath(sub.sub_id), sub.sub_name || `${sub.sub_lang}-original`)}>
          {t('downloadOriginal')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={asking !== null}
        title={t('restoreTitle', { n: asking ?? '' })}
        confirmLabel={t('restore')}
        busyLabel={t('restoring')}
        busy={restoring !== null}
        onConfirm={async () => {
          if (asking !== null) await restore(asking);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      >
        {t('restoreText', { n: asking ?? '' })}
      </ConfirmDialog>
    </>
  );
}
