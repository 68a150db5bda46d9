import { Alert, Box, Stack, Typography } from '@mui/material';
import { isCompleted, isFailed, isKnownStatus } from '../../contract/file-status';
import type { VideoFile } from '../api/schemas';
import { useTexts } from '../i18n/texts';
import { PREVIEW_TEXTS } from './preview-texts';
import { aspectRatio } from './embed-options';

/**
 * The video as customers get it: an iframe of the real player URL (so the kit carries no player
 * code), in the video's shape, loaded only when the card scrolls into view (`loading="lazy"`). Before
 * the file is Completed, the pipeline's step and progress, kept live by the editor's event stream. A file
 * that needs signed links plays from a link the kit mints (src null until it is made).
 */
export function VideoPreview({ file, src, failure }: { file: VideoFile; src: string | null; failure: string | null }) {
  const { t, locale } = useTexts(PREVIEW_TEXTS);
  const ratio = aspectRatio(file.file_width, file.file_height);
  const step = t(isKnownStatus(file.file_status) ? `step${file.file_status}` : 'stepUnknown');
  // A file that needs signed links: the link the kit mints could not be made (the server says why).
  if (isCompleted(file.file_status) && failure)
    return (
      <Alert severity="warning" role="status">
        {t('noSignedLink', { reason: failure })}
      </Alert>
    );
  if (isCompleted(file.file_status))
    return (
      <Box
        component="iframe"
        // Empty (black) in the video's shape while the kit mints the link a signed file needs.
        src={src ?? undefined}
        loading="lazy"
        title={t('preview', { title: file.file_title })}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        sx={{
          display: 'block',
          width: '100%',
          maxWidth: `calc(60vh * ${ratio.width} / ${ratio.height})`,
          mx: 'auto',
          aspectRatio: `${ratio.width} / ${ratio.height}`,
          border: 0,
          borderRadius: 1,
          bgcolor: '#000',
        }}
      />
    );
  if (isFailed(file.file_status))
    return (
      <Alert severity="error" role="status">
        {t('failed', { step })}
        {file.file_reason ? ` ${file.file_reason}` : ''}
      </Alert>
    );
  const progress = file.file_progress ?? null;
  return (
    <Stack spacing={1} role="status">
      <Typography color="text.secondary">{t('processing', { step })}</Typography>
      {/* A bar of its own rather than MUI's LinearProgress: the editor's first load stays within its budget. */}
      <Box
        role="progressbar"
        aria-label={step}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress ?? undefined}
        aria-valuetext={
          progress === null
            ? step
            : t('progress', { step, percent: new Intl.NumberFormat(locale, { style: 'percent' }).format(progress / 100) })
        }
        sx={{ height: 4, borderRadius: 2, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box sx={{ width: `${progress ?? 0}%`, height: '100%', bgcolor: 'primary.main', transition: 'width .3s' }} />
      </Box>
    </Stack>
  );
}
