import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Switch, TextField } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { EMBED_MODES, type EmbedMode } from '../../contract/player-access';
import { useTexts, type TextFn } from '../i18n/texts';
import type { AccessForm, SitesProblem } from './player-access-form';
import { ACCESS_TEXTS } from './player-access-texts';

interface PlayerAccessFieldsProps {
  form: AccessForm;
  onChange: (changes: Partial<AccessForm>) => void;
  /** Why the site list cannot be saved, shown once the operator has left the list or tried to save. */
  problem: SitesProblem;
  showProblem: boolean;
  onSitesBlur: () => void;
  disabled: boolean;
}

/**
 * The choices of a `player_access` (issue 40, D53): where it may be embedded, the site list, signed
 * links, players with no referrer. One form for a file's own setting ("Where it may play" in the editor)
 * and for the account's default (Account → Where videos may play, D62), so both say the same words.
 */
export function PlayerAccessFields({ form, onChange, problem, showProblem, onSitesBlur, disabled }: PlayerAccessFieldsProps) {
  const { t } = useTexts(ACCESS_TEXTS);
  const sitesId = useId();
  const whereId = useId();
  return (
    <>
      <FormControl disabled={disabled}>
        <FormLabel id={whereId}>{t('where')}</FormLabel>
        <RadioGroup aria-labelledby={whereId} value={form.embed} onChange={(event) => onChange({ embed: event.target.value as EmbedMode })}>
          {EMBED_MODES.map((mode) => (
            <FormControlLabel key={mode} value={mode} control={<Radio />} label={t(mode)} />
          ))}
        </RadioGroup>
        {form.embed === 'sites' ? null : <FormHelperText>{t(form.embed === 'anywhere' ? 'anywhereHint' : 'nowhereHint')}</FormHelperText>}
      </FormControl>
      {form.embed === 'sites' ? (
        <TextField
          id={sitesId}
          label={t('siteList')}
          multiline
          minRows={2}
          maxRows={8}
          fullWidth
          value={form.sites}
          disabled={disabled}
          onChange={(event) => onChange({ sites: event.target.value })}
          onBlur={onSitesBlur}
          error={showProblem && problem !== null}
          helperText={showProblem && problem ? problemText(t, problem) : t('siteListHint')}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
      ) : null}
      <AccessToggle
        label={t('signed')}
        hint={t('signedHint')}
        checked={form.signed}
        disabled={disabled}
        onChange={(signed) => onChange({ signed })}
      />
      <AccessToggle
        label={t('allowNoReferrer')}
        hint={t('allowNoReferrerHint')}
        checked={form.allowNoReferrer}
        disabled={disabled}
        onChange={(allowNoReferrer) => onChange({ allowNoReferrer })}
      />
    </>
  );
}

type AccessText = TextFn<typeof ACCESS_TEXTS.en>;

function problemText(t: AccessText, problem: NonNullable<SitesProblem>): string {
  if (problem.key === 'tooManySites') return t('tooManySites', { count: problem.count });
  if (problem.key === 'notHostName') return t('notHostName', { site: problem.site });
  return t('noSites');
}

/** A switch with its label and, under it, what it does. */
export function AccessToggle({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: ReactNode;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const hintId = useId();
  return (
    <FormControl disabled={disabled}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={label}
        sx={{ m: 0, gap: 1, alignItems: 'center' }}
      />
      <FormHelperText id={hintId} sx={{ mx: 0 }}>
        {hint}
      </FormHelperText>
    </FormControl>
  );
}
