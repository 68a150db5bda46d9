import { PlayCircleIcon } from '../ui/icons';
import { Box, Typography } from '@mui/material';

/** The product's name, shown in the sidebar, the sign-in heading and the footer. */
export const PRODUCT_NAME = 'VP Admin';
export const PRODUCT_VERSION = '1.0';

export function Brand({ size = 'medium' }: { size?: 'medium' | 'large' }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <PlayCircleIcon aria-hidden sx={{ fontSize: size === 'large' ? 40 : 28, color: '#4fc3f7' }} />
      <Typography component="span" sx={{ fontSize: size === 'large' ? 28 : 20, fontWeight: 300, letterSpacing: 0.5 }}>
        <b>VP</b> Admin
      </Typography>
    </Box>
  );
}
