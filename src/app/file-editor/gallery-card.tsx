import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { isCompleted } from '../../contract/file-status';
import type { VideoFile } from '../api/schemas';
import { useLinkBases } from '../session/use-session';
import { ImageIcon } from '../ui/icons';
import { lazyDialog } from '../ui/lazy-dialog';
import { SectionCard } from '../ui/section-card';
import { httpUrlOrNull } from '../shared/player-link';
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';

// Its own chunk, downloaded when the operator first asks for it (the editor's first load is at its budget).
const PosterDialog = lazyDialog(
  () => import('./poster-dialog').then((module) => module.default),
  (props) => props.open,
);

/**
 * File Gallery: the file's image and slide from the image host; only http(s) URLs are rendered. Once
 * the video is processed, "Choose poster…" opens the poster dialog (decision D65).
 */
export function GalleryCard({ file, onSaved }: { file: VideoFile; onSaved: (file: VideoFile) => void }) {
  const { imageHost } = useLinkBases();
  const { t } = useTexts(EDITOR_TEXTS);
  const [choosing, setChoosing] = useState(false);
  const items = [
    { key: 'image', label: t('image'), value: file.file_image },
    { key: 'slide', label: t('slide'), value: file.file_slide },
  ].filter((item): item is { key: string; label: string; value: string } => Boolean(item.value));
  return (
    <SectionCard title={t('galleryTitle')}>
      {items.length === 0 ? (
        <Stack spacing={1} sx={{ alignItems: 'center', py: 3, color: 'text.secondary' }}>
          <ImageIcon fontSize="large" aria-hidden />
          <Typography>{t('noImages')}</Typography>
        </Stack>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {items.map((item) => (
            <GalleryImage
              key={item.key}
              label={item.label}
              url={httpUrlOrNull(imageHost ? imageHost + item.value : null)}
              alt={t('imageOf', { label: item.label, title: file.file_title })}
            />
          ))}
        </Box>
      )}
      {isCompleted(file.file_status) ? (
        <Stack direction="row" sx={{ mt: 2 }}>
          <Button variant="outlined" onClick={() => setChoosing(true)}>
            {t('choosePoster')}
          </Button>
          <PosterDialog open={choosing} onClose={() => setChoosing(false)} file={file} onSaved={onSaved} />
        </Stack>
      ) : null}
    </SectionCard>
  );
}

function GalleryImage({ label, url, alt }: { label: string; url: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const { t } = useTexts(EDITOR_TEXTS);
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        sx={{ aspectRatio: '16 / 9', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}
      >
        {url && !failed ? (
          <Box
            component="img"
            src={url}
            alt={alt}
            loading="lazy"
            onError={() => setFailed(true)}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        ) : (
          <Typography color="text.secondary" role="img" aria-label={t('imageFailedLabel', { alt })}>
            {t('imageFailed')}
          </Typography>
        )}
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {label}
      </Typography>
    </Box>
  );
}
