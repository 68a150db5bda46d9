import { Box, Typography } from '@mui/material';
import { useTexts } from '../i18n/texts';
import { PRODUCT_NAME, PRODUCT_VERSION } from '../shell/brand';
import { FRAME_TEXTS } from './frame-texts';

/** docs/spec.md §1: a copyright line for 2025, All rights reserved, and Version 1.0. */
export function Footer() {
  const { t } = useTexts(FRAME_TEXTS);
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
        <b>{t('copyright', { product: PRODUCT_NAME })}</b> {t('rightsReserved')}
      </Typography>
      <Typography variant="body2">
        <b>{t('version')}</b> {PRODUCT_VERSION}
      </Typography>
    </Box>
  );
}
