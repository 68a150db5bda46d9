import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { SectionCard } from '../ui/section-card';
import { EDITOR_TEXTS } from './texts';

// The log and its lines are read on request, as Directus's revisions: its own chunk (the editor is at its size budget).
const ActivityLog = lazy(() => import('./activity-log'));

/**
 * The editor's Activity card: its heading, and the file's log once the operator shows it (kept shown
 * from then on, and read again at each new version of the file).
 */
export function ActivitySection({ fileId, version }: { fileId: number; version: number | null | undefined }) {
  const { t } = useTexts(EDITOR_TEXTS);
  const [shown, setShown] = useState(false);
  return (
    <SectionCard title={t('activity')}>
      {shown ? (
        <Suspense fallback={null}>
          <ActivityLog fileId={fileId} version={version} />
        </Suspense>
      ) : (
        <Button variant="outlined" onClick={() => setShown(true)}>
          {t('showActivity')}
        </Button>
      )}
    </SectionCard>
  );
}
