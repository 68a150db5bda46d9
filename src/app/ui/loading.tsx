import { Box, CircularProgress } from '@mui/material';
import type { ReactNode } from 'react';

/** A spinner with its words, announced as a status. */
export function Loading({ children = 'Loading...' }: { children?: ReactNode }) {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 3, color: 'text.secondary' }}>
      <CircularProgress size={20} aria-hidden />
      <span>{children}</span>
    </Box>
  );
}
