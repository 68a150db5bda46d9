import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import { ErrorOutlineIcon, RefreshIcon } from './icons';
import { UI_TEXTS } from './texts';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. 'The files could not be loaded'. */
  title: string;
  /** Why, in the operator's words (the server's message when it sent one). */
  reason: string;
  onRetry(): void;
  /** A second way out (e.g. Back to Files). */
  children?: ReactNode;
}

/** A load that failed, shown where the data would be: what, why, and Retry. Never an empty table. */
export function LoadError({ title, reason, onRetry, children }: LoadErrorProps) {
  const { t } = useTexts(UI_TEXTS);
  return (
    <Box role="alert" sx={{ display: 'grid', justifyItems: 'center', gap: 1, textAlign: 'center', py: { xs: 4, sm: 6 }, px: 2 }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 40 }} aria-hidden />
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520 }}>{reason}</Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry}>
          {t('retry')}
        </Button>
        {children}
      </Stack>
    </Box>
  );
}
