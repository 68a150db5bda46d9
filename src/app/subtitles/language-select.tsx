import { MenuItem, TextField } from '@mui/material';
import { languageLabel, languageOptions } from '../i18n/languages';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

interface LanguageSelectProps {
  value: string;
  onChange: (code: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** The ~110 languages with native labels; a stored code outside the list is still shown (raw). */
export function LanguageSelect({ value, onChange, error, disabled, autoFocus }: LanguageSelectProps) {
  const { t, language, locale } = useTexts(SUBTITLE_TEXTS);
  const options = languageOptions(language, locale);
  const extra =
    value && !options.some((option) => option.code === value) ? [{ code: value, label: languageLabel(value, language, locale) }] : [];
  return (
    <TextField
      select
      required
      fullWidth
      label={t('language')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error || undefined}
      disabled={disabled}
      autoFocus={autoFocus}
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
    >
      {[...extra, ...options].map((option) => (
        <MenuItem key={option.code} value={option.code} lang={language === 'en' ? option.code : undefined}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
