import { Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { SectionCard } from '../ui/section-card';
import { CHAPTERS_CARD_TEXTS } from './chapters/chapters-card-texts';

// The chapters themselves, with the chapter checker: loaded when the operator opens them (the editor is at its size budget).
const ChaptersDialog = lazy(() => import('./chapters/chapters-dialog'));

/** The Chapters card (D66), composed in beside the Subtitle card by the editor's hosts: what chapters are, and the button that opens them. */
export function LazyChaptersCard({ fileId }: { fileId: number }) {
  const { t } = useTexts(CHAPTERS_CARD_TEXTS);
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <SectionCard title={t('title')}>
      <Stack spacing={2} sx={{ alignItems: 'start' }}>
        <Typography variant="body2">{t('hint')}</Typography>
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {t('manage')}
        </Button>
      </Stack>
      {open === null ? null : (
        <Suspense fallback={null}>
          <ChaptersDialog open={open} fileId={fileId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </SectionCard>
  );
}
