import { Alert, Box, Button, CircularProgress, Dialog, useMediaQuery } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { isCompleted } from '../../../contract/file-status';
import { parseVttDocument, type VttDocument } from '../../../subtitle-text/vtt-document';
import { getFile } from '../../api/files';
import type { Subtitle, VideoFile } from '../../api/schemas';
import { getSubtitleText } from '../../api/subtitle-content';
import { useApi } from '../../api/use-api';
import { failureText } from '../../api/failure-text';
import { API_TEXTS } from '../../api/texts';
import { useLinkBases } from '../../session/use-session';
import { playerLink } from '../../shared/player-link';
import { useSignedPlayerSrc } from '../../shared/use-signed-player-src';
import { useTexts } from '../../i18n/texts';
import { CueEditor } from './cue-editor';
import { CUE_TEXTS } from './texts';

export interface CueEditorDialogProps {
  /** The track to edit; null: closed. */
  sub: Subtitle | null;
  /** The dialog's title when not "Edit cues: <language>" (a chapters track's, D66). */
  title?: string | undefined;
  onClose(): void;
  /** A new version was saved: the card reads the tracks again. */
  onSaved(): void;
}

/** What the editor opens on: the track's text and version, and the video it plays along. */
export interface Loaded {
  doc: VttDocument;
  version: number | null;
  file: VideoFile | null;
}

/**
 * The cue editor of one track, full screen on a phone and below a wide window's height elsewhere. Its
 * own chunk (with TanStack Virtual), downloaded the first time an operator chooses 'Edit cues'.
 */
export default function CueEditorDialog({ sub, title, onClose, onSaved }: CueEditorDialogProps) {
  const titleId = useId();
  const phone = useMediaQuery('(max-width:899.98px)');
  return (
    <Dialog
      open={sub !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={phone}
      fullWidth
      maxWidth="xl"
      // Escape closes a field's typed time first (TimeField stops it); the dialog closes on the next one.
      slotProps={{ paper: { sx: phone ? {} : { height: 'calc(100% - 64px)' } } }}
    >
      {sub ? <Loader key={sub.sub_id} sub={sub} title={title} titleId={titleId} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function Loader({
  sub,
  title,
  titleId,
  onClose,
  onSaved,
}: {
  sub: Subtitle;
  title: string | undefined;
  titleId: string;
  onClose(): void;
  onSaved(): void;
}) {
  const api = useApi();
  const { t } = useTexts(CUE_TEXTS);
  const apiTexts = useTexts(API_TEXTS).t;
  const { playerDomain } = useLinkBases();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'failed'; message: string } | ({ status: 'ready' } & Loaded)>({
    status: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      getSubtitleText(api, sub.sub_id, controller.signal),
      // The video is a help, not a need: without it the cues are still edited.
      getFile(api, sub.file_id).then(
        (reply) => reply.data,
        () => null,
      ),
    ]).then(
      ([{ text, version }, file]) => setState({ status: 'ready', doc: parseVttDocument(text), version, file }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: failureText(error, apiTexts, t('loadFailed')) });
      },
    );
    return () => controller.abort();
  }, [api, sub.sub_id, sub.file_id, attempt, t, apiTexts]);

  const file = state.status === 'ready' ? state.file : null;
  const link = file ? playerLink(playerDomain, file.file_slug) : null;
  // The title is the dialog's: the player's own heading would repeat it.
  const unsignedSrc = link && file && isCompleted(file.file_status) ? `${link}${link.includes('?') ? '&' : '?'}title=0` : null;
  // A file that needs signed links plays here from a link the kit mints (it opens once the link is made).
  const signedSrc = useSignedPlayerSrc(file, unsignedSrc);

  if (state.status === 'loading' || (unsignedSrc && !signedSrc.src && !signedSrc.failure))
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', flex: 1, minHeight: 200 }}>
        <CircularProgress />
      </Box>
    );
  if (state.status === 'failed')
    return (
      <Box sx={{ p: 2 }}>
        <Alert
          severity="error"
          action={
            <>
              <Button onClick={() => (setState({ status: 'loading' }), setAttempt(attempt + 1))}>{t('retry')}</Button>
              <Button onClick={onClose}>{t('close')}</Button>
            </>
          }
        >
          {state.message}
        </Alert>
      </Box>
    );
  const playerSrc = signedSrc.src;
  return (
    <CueEditor
      sub={sub}
      title={title}
      titleId={titleId}
      loaded={state}
      playerSrc={playerSrc}
      videoProblem={playerSrc ? null : signedSrc.failure ? 'noSignedLink' : state.file && !link ? 'noPlayerDomain' : 'noVideo'}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
