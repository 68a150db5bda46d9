import { Box, Typography } from '@mui/material';
import { PRODUCT_NAME, PRODUCT_VERSION } from './brand';

/** Spec §1: a copyright line for 2025, All rights reserved, and Version 1.0. */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        gap: 1,
        px: 2,
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">
        <b>© 2025 {PRODUCT_NAME}.</b> All rights reserved.
      </Typography>
      <Typography variant="body2">
        <b>Version</b> {PRODUCT_VERSION}
      </Typography>
    </Box>
  );
}
