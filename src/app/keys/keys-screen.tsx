import { Alert, Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ApiKeyScope } from '../../contract/api-key';
import { listApiKeys, revokeApiKey, type ApiKey } from '../api/api-keys';
import { messageOf } from '../api/api-error';
import { useApi } from '../api/use-api';
import { formatDay } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { useNotify } from '../shell/notify';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { AddIcon } from '../ui/icons';
import { Screen } from '../ui/screen';
import { UI_TEXTS } from '../ui/texts';
import { KEYS_TEXTS } from './texts';

// The create dialog downloads when it is first opened.
const CreateKeyDialog = lazy(() => import('./create-key-dialog'));

const SCOPE_NAMES = { read: 'scopeRead', write: 'scopeWrite', upload: 'scopeUpload' } as const satisfies Record<ApiKeyScope, string>;

type Keys = { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'ready'; keys: ApiKey[] };

/**
 * Account → API keys (decision D55): the account's keys for its integrations, each with its scope,
 * when it was created and last used, and when it expires; Create key (the key is shown once), and
 * Revoke (asked first), which the server applies at once on every node.
 */
export default function KeysScreen() {
  const api = useApi();
  const notify = useNotify();
  const { t, locale } = useTexts(KEYS_TEXTS);
  const ui = useTexts(UI_TEXTS).t;
  const [keys, setKeys] = useState<Keys>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setKeys({ status: 'loading' });
    listApiKeys(api, controller.signal).then(
      (reply) => setKeys({ status: 'ready', keys: reply.data.keys }),
      (error: unknown) => {
        if (!controller.signal.aborted) setKeys({ status: 'failed', reason: messageOf(error, t('loadFailed')) });
      },
    );
    return () => controller.abort();
  }, [api, attempt, t]);

  const revoke = async (key: ApiKey) => {
    setBusy(true);
    try {
      await revokeApiKey(api, key.id);
      setKeys((now) => (now.status === 'ready' ? { status: 'ready', keys: now.keys.filter((k) => k.id !== key.id) } : now));
      notify.success(t('revoked', { name: key.name }));
      setRevoking(null);
    } catch (error) {
      notify.error(error, t('revokeFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Screen labelledBy="vp-keys-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="vp-keys-title" component="h1" variant="h4">
          {t('heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('create')}
        </Button>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: 720 }}>{t('intro')}</Typography>

      {keys.status === 'loading' ? <Typography sx={{ color: 'text.secondary' }}>{t('loading')}</Typography> : null}
      {keys.status === 'failed' ? (
        // An Alert, as the editor's cards say a failed load: LoadError would be shared by a third chunk and
        // move into the shared chunk every element loads (vite.config.ts, kit-shared).
        <Alert severity="warning" action={<Button onClick={() => setAttempt((n) => n + 1)}>{ui('retry')}</Button>}>
          {keys.reason}
        </Alert>
      ) : null}
      {keys.status === 'ready' && keys.keys.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('empty')}</Typography> : null}
      {keys.status === 'ready' && keys.keys.length > 0 ? (
        <List aria-label={t('listLabel')} disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {keys.keys.map((key) => (
            <ListItem key={key.id} divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Typography>
                  {/* A bordered label rather than MUI's Chip, which a third chunk would move into kit-shared. */}
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 4, px: 1, lineHeight: '20px' }}
                  >
                    {t(SCOPE_NAMES[key.scope])}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {[
                    t('created', { date: formatDay(key.created_at, locale) }),
                    key.last_used_on ? t('lastUsed', { date: formatDay(key.last_used_on, locale) }) : t('neverUsed'),
                    key.expires_at ? t('expires', { date: formatDay(key.expires_at, locale) }) : t('neverExpires'),
                  ].join(' · ')}
                </Typography>
              </Box>
              <Button color="error" onClick={() => setRevoking(key)} aria-label={t('revokeLabel', { name: key.name })}>
                {t('revoke')}
              </Button>
            </ListItem>
          ))}
        </List>
      ) : null}

      {creating ? (
        <Suspense fallback={null}>
          <CreateKeyDialog
            onCreated={(key) => setKeys((now) => (now.status === 'ready' ? { status: 'ready', keys: [...now.keys, key] } : now))}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('revokeTitle')}
        confirmLabel={t('revoke')}
        busyLabel={t('revoking')}
        busy={busy}
        danger
        onConfirm={() => revoking && void revoke(revoking)}
        onClose={() => setRevoking(null)}
      >
        {t('revokeText', { name: revoking?.name ?? '' })}
      </ConfirmDialog>
    </Screen>
  );
}
