import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import { UI_TEXTS } from './texts';

/** A spinner with its words, announced as a status. */
export function Loading({ children }: { children?: ReactNode }) {
  const { t } = useTexts(UI_TEXTS);
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3, color: 'text.secondary' }}>
      <CircularProgress size={20} aria-hidden />
      <span>{children ?? t('loading')}</span>
    </Box>
  );
}
