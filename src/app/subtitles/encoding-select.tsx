import { MenuItem, TextField } from '@mui/material';
import { SUPPORTED_ENCODINGS } from '../../subtitle-text/encodings';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

interface EncodingSelectProps {
  value: string;
  onChange: (encoding: string) => void;
  disabled: boolean;
  helperText: string;
}

/** "Text encoding": the encodings an operator may pick, plus the current one when it is not among them. */
export function EncodingSelect({ value, onChange, disabled, helperText }: EncodingSelectProps) {
  const { t } = useTexts(SUBTITLE_TEXTS);
  const encodings: readonly string[] =
    value && !(SUPPORTED_ENCODINGS as readonly string[]).includes(value) ? [value, ...SUPPORTED_ENCODINGS] : SUPPORTED_ENCODINGS;
  return (
    <TextField
      select
      size="small"
      label={t('encoding')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      helperText={helperText}
      sx={{ maxWidth: 360 }}
    >
      {encodings.map((name) => (
        <MenuItem key={name} value={name}>
          {name.toUpperCase()}
        </MenuItem>
      ))}
    </TextField>
  );
}
