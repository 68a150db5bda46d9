import { Alert, Box } from '@mui/material';
import { memo, useEffect, useState } from 'react';
import { useTexts } from '../../i18n/texts';
import type { CueStore } from './cue-store';
import type { PlayerRemote } from '../../shared/player-remote';
import { ShiftTools } from './shift-tools';
import { CUE_TEXTS } from './texts';
import { Transport } from './transport';

/** Why there is no player to play along: no video yet, no player domain to show it from, or no signed link it needs. */
export type VideoProblem = 'noVideo' | 'noPlayerDomain' | 'noSignedLink' | null;

interface VideoPaneProps {
  playerSrc: string | null;
  videoProblem: VideoProblem;
  title: string;
  remote: PlayerRemote;
  store: CueStore;
  compact: boolean;
  onAdd(): void;
  onShift(deltaMs: number): void;
}

/** The player (or why there is none), the transport and the shift tools. Memoised: typing in a cue does not repaint it. */
export const VideoPane = memo(function VideoPane({
  playerSrc,
  videoProblem,
  title,
  remote,
  store,
  compact,
  onAdd,
  onShift,
}: VideoPaneProps) {
  const { t } = useTexts(CUE_TEXTS);
  // The player page (its scripts run on this page's thread when it is same-origin) loads once the cues
  // are painted: the operator reads the cues first, and a long track opens as fast as a short one.
  const [cuesPainted, setCuesPainted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setCuesPainted(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Box
      sx={{
        p: { xs: 1, sm: 2 },
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        minWidth: 0,
        overflowY: { md: 'auto' },
        // Painted after the cue list (the two never overlap: nothing looks different). A same-origin
        // player's controls are composited layers (media-chrome's will-change), and on every frame the
        // browser tests what is painted after a composited layer against it when it sorts the page into
        // layers: painted first, they cost each keystroke's frame ~0.3 ms of the 5,000-cue bench.
        position: 'relative',
        zIndex: 1,
      }}
    >
      {playerSrc ? (
        <Box
          component="iframe"
          ref={remote.frame}
          src={cuesPainted ? playerSrc : undefined}
          title={t('videoTitle', { title })}
          allow="autoplay; fullscreen"
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 9',
            maxHeight: { xs: '32vh', md: '60vh' },
            border: 0,
            borderRadius: 1,
            bgcolor: '#000',
          }}
        />
      ) : (
        <Alert severity="info">{t(videoProblem ?? 'noVideo')}</Alert>
      )}
      <Transport remote={remote} onAdd={onAdd}>
        <ShiftTools compact={compact} store={store} onShift={onShift} />
      </Transport>
    </Box>
  );
});
