import { Typography } from '@mui/material';
import { useTexts } from '../i18n/texts';
import { VIEW_DEFINITION_TEXTS } from './view-definition-texts';

/** The stated definition of a view and of watch time, where the kit shows view stats. */
export function ViewDefinition() {
  const { t } = useTexts(VIEW_DEFINITION_TEXTS);
  return (
    <Typography variant="body2" color="text.secondary">
      {t('definition')}
    </Typography>
  );
}
