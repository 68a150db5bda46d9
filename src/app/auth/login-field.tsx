import { FormControl, InputLabel, OutlinedInput } from '@mui/material';
import { useEffect, useId, useRef } from 'react';

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
  const input = useRef<HTMLInputElement>(null);
  // Focused after the first paint rather than with the input's `autoFocus`, which React applies inside
  // the commit: focusing needs the page's styles and layout, so the browser would compute them right
  // there, in the same long task as the whole form's first render (the sign-in page on a slow phone).
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
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
        inputRef={input}
      />
    </FormControl>
  );
}
