import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { SPRITE, storyboardTiles, type StoryboardTile } from '../../contract/storyboard';
import { failureText } from '../api/failure-text';
import { automaticPoster, posterFromImage, posterFromTime } from '../api/poster';
import type { VideoFile } from '../api/schemas';
import { API_TEXTS } from '../api/texts';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { useLinkBases } from '../session/use-session';
import { useNotify } from '../shell/notify';
import { httpUrlOrNull, playerLink } from '../shared/player-link';
import { useSignedPlayerSrc } from '../shared/use-signed-player-src';
import { usePlayerRemote, usePlayhead } from '../shared/player-remote';
import { aspectRatio } from './embed-options';
import { POSTER_TEXTS } from './poster-texts';

export interface PosterDialogProps {
  open: boolean;
  onClose: () => void;
  file: VideoFile;
  /** The file as the server has it after the change (its file_image names the new poster). */
  onSaved: (file: VideoFile) => void;
}

/** A choice of poster: a frame by its time (seconds), an uploaded image, or the automatic one. */
type Choice = { kind: 'time'; time: number } | { kind: 'image'; image: File } | { kind: 'automatic' };

/** The strip's tiles, shown at this width (the sprite's are 160 px). */
const TILE_WIDTH = 96;

/** 83.4 → "1:23"; 3725 → "1:02:05". */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(whole / 3600);
  const m = Math.floor(whole / 60) % 60;
  return h ? `${h}:${pad(m)}:${pad(whole % 60)}` : `${m}:${pad(whole % 60)}`;
}

/**
 * The poster the operator chooses (issue 43, decision D65), a dialog of its own chunk opened from the
 * gallery: a strip of candidate frames (the storyboard's tiles: nothing new is encoded to show them), the
 * video to find a frame in ("Use current frame" takes its playhead), an image to upload, or the automatic
 * poster again. Each choice is saved at once on the version the editor shows; an error keeps the choice.
 */
export default function PosterDialog({ open, onClose, file, onSaved }: PosterDialogProps) {
  const { t } = useTexts(POSTER_TEXTS);
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('title')}</DialogTitle>
      {open ? <PosterChooser file={file} onSaved={onSaved} onClose={onClose} /> : null}
    </Dialog>
  );
}

function PosterChooser({ file, onSaved, onClose }: Omit<PosterDialogProps, 'open'>) {
  const { t } = useTexts(POSTER_TEXTS);
  const api = useApi();
  const apiTexts = useTexts(API_TEXTS);
  const notify = useNotify();
  const { imageHost, playerDomain } = useLinkBases();
  const link = playerLink(playerDomain, file.file_slug);
  const player = useSignedPlayerSrc(file, link ? `${link}${link.includes('?') ? '&' : '?'}title=0` : null);
  const remote = usePlayerRemote(player.src);
  const playerReady = usePlayhead(remote, (playhead) => playhead.ready);
  const upload = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const image = (name: string | null) => httpUrlOrNull(imageHost && name ? imageHost + name : null);
  const ratio = aspectRatio(file.file_width, file.file_height);
  const sprite = image(file.file_slide);
  const current = image(file.file_image);
  const tiles =
    sprite && file.file_duration && file.file_width && file.file_height
      ? storyboardTiles(file.file_duration, file.file_width, file.file_height)
      : [];

  const save = async (next: Choice) => {
    setBusy(true);
    setError(null);
    try {
      const reply =
        next.kind === 'time'
          ? await posterFromTime(api, file, next.time)
          : next.kind === 'image'
            ? await posterFromImage(api, file, next.image)
            : await automaticPoster(api, file);
      notify.byStatus(reply.status, reply.status !== 'success' ? reply.message : t(next.kind === 'automatic' ? 'restored' : 'saved'));
      if (reply.data) onSaved(reply.data);
      onClose();
    } catch (err) {
      setError(t('failed', { reason: failureText(err, apiTexts.t) }));
    } finally {
      setBusy(false);
    }
  };

  const pick = (tile: StoryboardTile, index: number) => {
    setSelected(index);
    remote.seek(tile.time * 1000);
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          {current ? (
            <Box component="figure" sx={{ m: 0, display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Box
                component="img"
                src={current}
                alt={t('current')}
                sx={{ width: 120, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
              />
              <Typography component="figcaption" variant="body2" aria-hidden>
                {t('current')}
              </Typography>
            </Box>
          ) : null}
          {player.src ? (
            <Box
              component="iframe"
              ref={remote.frame}
              src={player.src}
              title={t('player', { title: file.file_title })}
              allow="autoplay; fullscreen"
              sx={{
                display: 'block',
                width: '100%',
                // In the video's shape, at most 40 % of the screen's height: the strip and the buttons stay in view.
                maxWidth: `calc(40vh * ${ratio.width} / ${ratio.height})`,
                mx: 'auto',
                aspectRatio: `${ratio.width} / ${ratio.height}`,
                border: 0,
                borderRadius: 1,
                bgcolor: '#000',
              }}
            />
          ) : null}
          <Box>
            <Typography component="h3" variant="subtitle2" id={`${file.file_id}-frames`} sx={{ mb: 1 }}>
              {t('frames')}
            </Typography>
            {tiles.length ? (
              <Box
                role="group"
                aria-labelledby={`${file.file_id}-frames`}
                sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, scrollSnapType: 'x proximity' }}
              >
                {tiles.map((tile, index) => (
                  <Box
                    key={tile.time}
                    component="button"
                    type="button"
                    aria-label={t('frameAt', { time: clock(tile.time) })}
                    aria-pressed={selected === index}
                    disabled={busy}
                    onClick={() => pick(tile, index)}
                    sx={{
                      flex: '0 0 auto',
                      width: TILE_WIDTH,
                      height: Math.round((tile.height * TILE_WIDTH) / tile.width),
                      p: 0,
                      cursor: 'pointer',
                      scrollSnapAlign: 'start',
                      border: 2,
                      borderColor: selected === index ? 'primary.main' : 'transparent',
                      borderRadius: 1,
                      outlineOffset: 2,
                      backgroundColor: 'action.hover',
                      backgroundImage: `url("${sprite}")`,
                      backgroundRepeat: 'no-repeat',
                      // The sprite scaled so that one tile fills the button: 5 tiles across, at TILE_WIDTH each.
                      backgroundSize: `${TILE_WIDTH * SPRITE.columns}px auto`,
                      backgroundPosition: `-${(tile.x * TILE_WIDTH) / tile.width}px -${(tile.y * TILE_WIDTH) / tile.width}px`,
                      backgroundOrigin: 'border-box',
                    }}
                  />
                ))}
              </Box>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('noFrames')}
              </Typography>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('uploadHint')}
          </Typography>
          <input
            ref={upload}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void save({ kind: 'image', image: chosen });
            }}
          />
          {busy ? (
            <Typography role="status" variant="body2">
              {t('saving')}
            </Typography>
          ) : null}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button disabled={busy} onClick={() => void save({ kind: 'automatic' })}>
          {t('automatic')}
        </Button>
        <Button disabled={busy} onClick={() => upload.current?.click()}>
          {t('upload')}
        </Button>
        <Button disabled={busy || !playerReady} onClick={() => void save({ kind: 'time', time: remote.current().time / 1000 })}>
          {t('useCurrent')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || selected === null}
          onClick={() => selected !== null && void save({ kind: 'time', time: tiles[selected]!.time })}
        >
          {t('useSelected')}
        </Button>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </>
  );
}
