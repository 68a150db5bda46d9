import { InputBase, Stack, Typography } from '@mui/material';
import { useTexts } from '../../i18n/texts';
import { SettingsIcon } from '../../ui/icons';
import { DEFAULT_LIMITS, type CheckLimits } from './cue-checks';
import { PopoverButton } from './popover-button';
import { CUE_TEXTS } from './texts';

/** The two configurable limits of the checks. */
export function LimitsSettings({ limits, onChange }: { limits: CheckLimits; onChange(limits: CheckLimits): void }) {
  const { t } = useTexts(CUE_TEXTS);
  const field = (key: keyof CheckLimits, label: string) => (
    <Typography component="label" variant="body2" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'center' }}>
      {label}
      <InputBase
        type="number"
        value={limits[key] || DEFAULT_LIMITS[key]}
        onChange={(event) => {
          const value = Number(event.target.value);
          if (Number.isInteger(value) && value > 0) onChange({ ...limits, [key]: value });
        }}
        inputProps={{ min: 1, max: 999 }}
        sx={{ px: 0.75, minHeight: 32, border: 1, borderColor: 'divider', borderRadius: 1, '& input': { width: '6ch' } }}
      />
    </Typography>
  );
  return (
    <PopoverButton label={t('checks')} icon={<SettingsIcon />}>
      <Stack spacing={1.5} sx={{ p: 2 }} role="group" aria-label={t('checks')}>
        {field('maxCps', t('maxCps'))}
        {field('maxLine', t('maxLine'))}
      </Stack>
    </PopoverButton>
  );
}
