import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { SectionCard } from '../ui/section-card';
import { EDITOR_TEXTS } from './texts';

// Loaded when the operator opens the card, never with the editor (decision D64).
const AudiencePanel = lazy(() => import('./audience-panel'));

/** The Audience card (issue 41): closed, its heading and one button; open, the file's views (its own chunk). */
export function AudienceCard({ fileId }: { fileId: number }) {
  const { t } = useTexts(EDITOR_TEXTS);
  const [open, setOpen] = useState(false);
  return (
    <SectionCard title={t('audienceTitle')}>
      {open ? (
        <Suspense fallback={null}>
          <AudiencePanel fileId={fileId} />
        </Suspense>
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          {t('showAudience')}
        </Button>
      )}
    </SectionCard>
  );
}
