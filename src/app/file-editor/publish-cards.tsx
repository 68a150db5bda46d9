import { Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { SectionCard } from '../ui/section-card';
import { DOWNLOADS_CARD_TEXTS } from './downloads-texts';
import ScheduleCard, { type ScheduleCardProps } from './schedule-card';

// Loaded when the operator opens it: the editor's first load is at its size budget.
const DownloadsDialog = lazy(() => import('./downloads-dialog'));

/**
 * The publishing cards of a file, one lazy chunk of the editor: its schedule (D56) and its downloads
 * (D67). The host remounts them when the file's schedule times change elsewhere (ScheduleCard's state).
 */
export default function PublishCards(props: ScheduleCardProps) {
  const { t } = useTexts(DOWNLOADS_CARD_TEXTS);
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <ScheduleCard {...props} />
      <SectionCard title={t('title')}>
        <Stack spacing={2} sx={{ alignItems: 'start' }}>
          <Typography variant="body2">{props.file.download_video ? t('stored') : t('none')}</Typography>
          <Button variant="outlined" onClick={() => setOpen(true)}>
            {t('manage')}
          </Button>
        </Stack>
      </SectionCard>
      {open === null ? null : (
        <Suspense fallback={null}>
          <DownloadsDialog open={open} onClose={() => setOpen(false)} {...props} />
        </Suspense>
      )}
    </>
  );
}
