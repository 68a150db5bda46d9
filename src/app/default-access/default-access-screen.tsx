import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { OPEN_ACCESS, type PlayerAccess } from '../../contract/player-access';
import { saveAccessDefault } from './save-access-default';
import { useApi } from '../api/use-api';
import { PlayerAccessChoices } from '../shared/player-access-fields';
import { accessChanged, accessOf, sitesProblem, toAccessForm, type AccessForm } from '../shared/player-access-form';
import { ACCESS_TEXTS } from '../shared/player-access-texts';
import { useTexts } from '../i18n/texts';
import { useConfigState, useSession } from '../session/use-session';
import { useNotify } from '../shell/notify';
import { Screen } from '../ui/screen';
import { DEFAULT_ACCESS_TEXTS } from './texts';

/**
 * Account → Where videos may play (issue 40, D62): the account's default `player_access` (config
 * `player.access`, PUT /api/config), which every file whose own setting is null follows. The same
 * fields and honest words as the editor's "Where it may play" dialog, without "Use the account's default".
 */
export default function DefaultAccessScreen() {
  const { t } = useTexts(DEFAULT_ACCESS_TEXTS);
  const current = useConfigState().config?.player.access ?? OPEN_ACCESS;
  return (
    <Screen labelledBy="vp-default-access-title">
      <Typography id="vp-default-access-title" component="h1" variant="h4" sx={{ mb: 1 }}>
        {t('heading')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: 720 }}>{t('intro')}</Typography>
      {/* Keyed by the stored default: a save, or the config read again, starts the form from what is stored. */}
      <DefaultAccessForm key={JSON.stringify(current)} current={current} />
    </Screen>
  );
}

function DefaultAccessForm({ current }: { current: PlayerAccess }) {
  const { t } = useTexts(DEFAULT_ACCESS_TEXTS);
  const access = useTexts(ACCESS_TEXTS).t;
  const api = useApi();
  const notify = useNotify();
  const { store } = useSession();
  const saved: AccessForm = { ...toAccessForm(current, null), useDefault: false };
  const [form, setForm] = useState<AccessForm>(saved);
  const [showProblem, setShowProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const problem = sitesProblem(form);
  const dirty = accessChanged(form, saved);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = accessOf(form);
    setShowProblem(true);
    if (busy || problem || !chosen) return;
    setBusy(true);
    try {
      const reply = await saveAccessDefault(api, chosen);
      const config = store.getState().config;
      // The editor's dialogs read the default from the session's config: they show the new one at once.
      if (config) store.setServerConfig({ ...config, player: { ...config.player, access: reply.data.player.access } });
      notify.success(t('saved'));
    } catch (error) {
      notify.error(error, access('saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 720 }}>
      <Stack spacing={2}>
        <PlayerAccessChoices
          form={form}
          busy={busy}
          showProblem={showProblem}
          onChange={setForm}
          onBlurSites={() => setShowProblem(true)}
        />
        <Alert severity="info">{access('honest')}</Alert>
        <Box>
          <Button type="submit" variant="contained" disabled={busy || !dirty} aria-busy={busy}>
            {busy ? access('saving') : access('save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
