import { FormControl, InputLabel, OutlinedInput } from '@mui/material';
import { useId } from 'react';

export interface LoginFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange(value: string): void;
  disabled: boolean;
  autoFocus?: boolean;
}

/**
 * An outlined text field built from its parts, as MUI's TextField renders it: TextField also brings
 * Select and its menus, which the sign-in page (the first screen on a phone) should not download.
 */
export function LoginField({ label, name, type = 'text', autoComplete, value, onChange, disabled, autoFocus = false }: LoginFieldProps) {
  const id = useId();
  return (
    <FormControl fullWidth disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocus}
      />
    </FormControl>
  );
}
