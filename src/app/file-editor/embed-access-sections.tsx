import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { PlayerAccess } from '../../contract/player-access';
import { failureText } from '../api/failure-text';
import { mintPlayerToken } from '../api/player-tokens';
import { API_TEXTS } from '../api/texts';
import { useApi } from '../api/use-api';
import { formatDateTime } from '../i18n/format';
import { useTexts, type TextFn } from '../i18n/texts';
import { withToken } from '../shared/signed-player-url';
import { CopyField } from './copy-field';
import { EMBED_TEXTS } from './embed-builder-texts';
import { embedUrl, type EmbedOptions } from './embed-options';
import { iframeSnippet } from './embed-snippets';
import { testSite, type SiteVerdict } from './site-tester';

/** How long a signed snippet may open the player: the server's default limit (VP_PLAYER_TOKEN_MAX_DAYS) allows them all. */
const LIFETIMES = { hour: 3600, day: 86_400, week: 7 * 86_400, month: 30 * 86_400 } as const;
type Lifetime = keyof typeof LIFETIMES;

interface SignedSnippetProps {
  fileId: number;
  link: string;
  title: string;
  ratio: { width: number; height: number };
  options: EmbedOptions;
}

/**
 * For a file that requires signed links: a lifetime, and a snippet and link with a token the server signs
 * (POST /api/files/{id}/player-token). Made on request, never per change: each is a credential.
 */
export function SignedSnippet({ fileId, link, title, ratio, options }: SignedSnippetProps) {
  const { t, locale } = useTexts(EMBED_TEXTS);
  const apiTexts = useTexts(API_TEXTS);
  const api = useApi();
  const [lifetime, setLifetime] = useState<Lifetime>('day');
  const [signed, setSigned] = useState<{ token: string; expiresAt: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const copyTexts = (label: string, copy: string, copied: string) => ({ label, copy, copied, failed: t('copyFailed') });

  const make = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await mintPlayerToken(api, fileId, LIFETIMES[lifetime]);
      setSigned({ token: data.token, expiresAt: data.expires_at });
    } catch (error) {
      setSigned(null);
      setFailure(failureText(error, apiTexts.t));
    } finally {
      setBusy(false);
    }
  };

  const signedLink = signed ? withToken(link, signed.token) : null;
  return (
    <Stack component="section" spacing={1.5} aria-label={t('signedTitle')}>
      <Typography component="h3" variant="subtitle1">
        {t('signedTitle')}
      </Typography>
      <Alert severity="info">{t('signedNeeded')}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t('lifetime')}
          value={lifetime}
          onChange={(event) => setLifetime(event.target.value as Lifetime)}
          sx={{ minWidth: 200 }}
        >
          {(Object.keys(LIFETIMES) as Lifetime[]).map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(choice)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void make()} disabled={busy} aria-busy={busy}>
          {busy ? t('makingSigned') : t('makeSigned')}
        </Button>
      </Stack>
      {failure ? <Alert severity="error">{t('signedFailed', { reason: failure })}</Alert> : null}
      {signed && signedLink ? (
        <>
          <Typography variant="body2" color="text.secondary" role="status">
            {t('signedExpires', { time: formatDateTime(signed.expiresAt, locale) })}
          </Typography>
          <CopyField
            texts={copyTexts(t('signedIframe'), t('copySignedIframe'), t('copiedSignedIframe'))}
            value={iframeSnippet(signedLink, title, ratio, options)}
            multiline
          />
          <CopyField texts={copyTexts(t('signedLink'), t('copySignedLink'), t('copiedSignedLink'))} value={embedUrl(signedLink, options)} />
        </>
      ) : null}
    </Stack>
  );
}

/** Paste a page URL or a host name: would the player play there, or why not (the server's own answer, in the operator's words). */
export function SiteTester({ access, ownHosts }: { access: PlayerAccess; ownHosts: readonly string[] }) {
  const { t } = useTexts(EMBED_TEXTS);
  const [pasted, setPasted] = useState('');
  const verdict = pasted.trim() ? testSite(access, ownHosts, pasted) : null;
  return (
    <Stack spacing={1}>
      <TextField
        label={t('testerLabel')}
        value={pasted}
        size="small"
        fullWidth
        helperText={t('testerHint')}
        onChange={(event) => setPasted(event.target.value)}
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'none' } }}
      />
      <div role="status" aria-live="polite">
        {verdict ? <Alert severity={verdictSeverity(verdict.kind)}>{verdictText(t, verdict)}</Alert> : null}
      </div>
    </Stack>
  );
}

const verdictSeverity = (kind: SiteVerdict['kind']) => (kind === 'refused' ? 'warning' : kind === 'invalid' ? 'info' : 'success');

function verdictText(t: TextFn<typeof EMBED_TEXTS.en>, verdict: SiteVerdict): string {
  switch (verdict.kind) {
    case 'invalid':
      return t('testerInvalid');
    case 'own':
      return t('wouldPlayOwn', { host: verdict.host });
    case 'plays':
      return t(verdict.signed ? 'wouldPlaySigned' : 'wouldPlay', { host: verdict.host });
    case 'refused':
      return t('wouldBeRefused', { host: verdict.host, reason: t(`because_${verdict.refusal}`) });
  }
}
