import { Button, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { SectionCard } from '../ui/section-card';
import { useTexts } from '../i18n/texts';
import { AUDIENCE_TEXTS } from './audience-texts';

/** The charts and their library: a chunk of their own, loaded when the card is opened, never before (the editor is at its size budget). */
const AudienceCharts = lazy(() => import('./audience-charts'));

/**
 * Audience: the stated definition of a view, and on demand the file's views and watch time per day,
 * its retention curve and its top sites (docs/api.md, View analytics).
 */
export function AudienceCard({ fileId }: { fileId: number }) {
  const { t } = useTexts(AUDIENCE_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={t('title')} action={open ? undefined : <Button onClick={() => setOpen(true)}>{t('show')}</Button>}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: open ? 2 : 0 }}>
        {t('definition')}
      </Typography>
      {open ? (
        <Suspense fallback={<Typography color="text.secondary">{t('loading')}</Typography>}>
          <AudienceCharts fileId={fileId} />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}
