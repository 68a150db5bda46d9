import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Switch, TextField } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { EMBED_MODES, type EmbedMode } from '../../contract/player-access';
import { useTexts, type TextFn } from '../i18n/texts';
import { useConfigState } from '../session/use-session';
import { sitesProblem, toAccessForm, type AccessForm } from './player-access-form';
import { ACCESS_TEXTS } from './player-access-texts';

export interface PlayerAccessFieldsProps {
  form: AccessForm;
  busy: boolean;
  /** Whether the site list's problem is shown (after a save was tried, or the list was left). */
  showProblem: boolean;
  onChange(form: AccessForm): void;
  onBlurSites(): void;
}

/**
 * The fields of "Where it may play" (issue 40, decision D53): follow the account's default, or the
 * sites that may embed it, signed links and players without a referrer. One form for the editor's
 * dialog (one file) and the list's bulk dialog (many files, decision D63); the account's own default
 * is `PlayerAccessChoices` alone.
 */
export function PlayerAccessFields({ form, busy, showProblem, onChange, onBlurSites }: PlayerAccessFieldsProps) {
  const { t } = useTexts(ACCESS_TEXTS);
  const accountDefault = useConfigState().config?.player.access;
  // Following the account again shows its values (what the file will do once saved).
  const followAccount = (on: boolean) =>
    onChange(on ? { ...toAccessForm(null, accountDefault), useDefault: true } : { ...form, useDefault: false });
  const defaults = toAccessForm(accountDefault, null);
  const defaultWhere = t(defaults.embed);
  return (
    <>
      <Toggle
        label={t('useDefault')}
        hint={defaults.signed ? t('defaultNowSigned', { where: defaultWhere }) : t('defaultNow', { where: defaultWhere })}
        checked={form.useDefault}
        disabled={busy}
        onChange={followAccount}
      />
      {/* While it follows the account, its own choices are hidden (the account's are named above). */}
      {form.useDefault ? null : (
        <PlayerAccessChoices form={form} busy={busy} showProblem={showProblem} onChange={onChange} onBlurSites={onBlurSites} />
      )}
    </>
  );
}

/**
 * The choices of a `player_access` itself: where it may be embedded, the site list, signed links, players
 * with no referrer. Also the whole form of the account's default (Account → Where videos may play, D62),
 * which follows nothing.
 */
export function PlayerAccessChoices({ form, busy, showProblem, onChange, onBlurSites }: PlayerAccessFieldsProps) {
  const { t } = useTexts(ACCESS_TEXTS);
  const sitesId = useId();
  const whereId = useId();
  const problem = sitesProblem(form);
  const change = (changes: Partial<AccessForm>) => onChange({ ...form, ...changes });
  return (
    <>
      <FormControl disabled={busy}>
        <FormLabel id={whereId}>{t('where')}</FormLabel>
        <RadioGroup aria-labelledby={whereId} value={form.embed} onChange={(event) => change({ embed: event.target.value as EmbedMode })}>
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
          disabled={busy}
          onChange={(event) => change({ sites: event.target.value })}
          onBlur={onBlurSites}
          error={showProblem && problem !== null}
          helperText={showProblem && problem ? problemText(t, problem) : t('siteListHint')}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
      ) : null}
      <Toggle label={t('signed')} hint={t('signedHint')} checked={form.signed} disabled={busy} onChange={(signed) => change({ signed })} />
      <Toggle
        label={t('allowNoReferrer')}
        hint={t('allowNoReferrerHint')}
        checked={form.allowNoReferrer}
        disabled={busy}
        onChange={(allowNoReferrer) => change({ allowNoReferrer })}
      />
    </>
  );
}

type AccessText = TextFn<typeof ACCESS_TEXTS.en>;

function problemText(t: AccessText, problem: NonNullable<ReturnType<typeof sitesProblem>>): string {
  if (problem.key === 'tooManySites') return t('tooManySites', { count: problem.count });
  if (problem.key === 'notHostName') return t('notHostName', { site: problem.site });
  return t('noSites');
}

/** A switch with its label and, under it, what it does. */
function Toggle({
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
