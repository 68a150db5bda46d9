import { Alert, Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { WebhookJson } from '../../contract/webhook';
import { deleteWebhook, listWebhooks, sendTestEvent, type Webhook } from '../api/webhooks';
import { messageOf } from '../api/api-error';
import { useApi } from '../api/use-api';
import { formatDateTime } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { useNotify } from '../shell/notify';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { AddIcon } from '../ui/icons';
import { Screen } from '../ui/screen';
import { UI_TEXTS } from '../ui/texts';
import { WEBHOOKS_TEXTS } from './texts';

// The dialog and the log download when they are first opened.
const AddWebhookDialog = lazy(() => import('./add-webhook-dialog'));
const DeliveryLog = lazy(() => import('./delivery-log'));

const STATE_NAMES = { active: 'stateActive', failing: 'stateFailing', paused: 'statePaused' } as const satisfies Record<
  WebhookJson['state'],
  string
>;

type Hooks = { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'ready'; hooks: Webhook[] };

/**
 * Account → Webhooks (decision D58): the account's endpoints with their state (failing, paused: the
 * operator is told here), Add endpoint (the signing secret is shown once), Send test event, the
 * delivery log with Redeliver, and Delete (asked first).
 */
export default function WebhooksScreen() {
  const api = useApi();
  const notify = useNotify();
  const { t, locale } = useTexts(WEBHOOKS_TEXTS);
  const ui = useTexts(UI_TEXTS).t;
  const [hooks, setHooks] = useState<Hooks>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState(false);
  // A test event sent shows in the open log at its next load.
  const [logVersion, setLogVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setHooks({ status: 'loading' });
    listWebhooks(api, controller.signal).then(
      (reply) => setHooks({ status: 'ready', hooks: reply.data.webhooks }),
      (error: unknown) => {
        if (!controller.signal.aborted) setHooks({ status: 'failed', reason: messageOf(error, t('loadFailed')) });
      },
    );
    return () => controller.abort();
  }, [api, attempt, t]);

  const remove = async (hook: Webhook) => {
    setBusy(true);
    try {
      await deleteWebhook(api, hook.id);
      setHooks((now) => (now.status === 'ready' ? { status: 'ready', hooks: now.hooks.filter((h) => h.id !== hook.id) } : now));
      notify.success(t('deleted'));
      setDeleting(null);
    } catch (error) {
      notify.error(error, t('deleteFailed'));
    } finally {
      setBusy(false);
    }
  };

  const test = async (hook: Webhook) => {
    try {
      await sendTestEvent(api, hook.id);
      notify.success(t('testSent', { url: hook.url }));
      setOpen(hook.id);
      setLogVersion((n) => n + 1);
    } catch (error) {
      notify.error(error, t('testFailed'));
    }
  };

  return (
    <Screen labelledBy="vp-webhooks-title">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="vp-webhooks-title" component="h1" variant="h4">
          {t('heading')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          {t('add')}
        </Button>
      </Stack>
      <Typography sx={{ color: 'text.secondary', mb: 2, maxWidth: 720 }}>{t('intro')}</Typography>

      {hooks.status === 'loading' ? <Typography sx={{ color: 'text.secondary' }}>{t('loading')}</Typography> : null}
      {hooks.status === 'failed' ? (
        // An Alert, as the API keys screen does (LoadError would move into the chunk every element shares).
        <Alert severity="warning" action={<Button onClick={() => setAttempt((n) => n + 1)}>{ui('retry')}</Button>}>
          {hooks.reason}
        </Alert>
      ) : null}
      {hooks.status === 'ready' && hooks.hooks.length === 0 ? <Typography sx={{ color: 'text.secondary' }}>{t('empty')}</Typography> : null}
      {hooks.status === 'ready' && hooks.hooks.length > 0 ? (
        <List aria-label={t('listLabel')} disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {hooks.hooks.map((hook) => (
            <ListItem key={hook.id} divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} dir="ltr">
                    {hook.url}
                  </Typography>
                  <Typography
                    component="span"
                    variant="caption"
                    sx={{
                      border: 1,
                      borderColor: hook.state === 'active' ? 'divider' : 'error.main',
                      color: hook.state === 'active' ? 'text.primary' : 'error.main',
                      borderRadius: 4,
                      px: 1,
                      lineHeight: '20px',
                    }}
                  >
                    {t(STATE_NAMES[hook.state])}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                  {[hook.description, hook.events.join(', ')].filter(Boolean).join(' · ')}
                </Typography>
                {hook.state === 'failing' && hook.failing_since ? (
                  <Typography variant="body2" sx={{ color: 'error.main' }}>
                    {t('failingSince', { date: formatDateTime(hook.failing_since, locale) })}
                  </Typography>
                ) : null}
                {hook.state === 'paused' ? (
                  <Typography variant="body2" sx={{ color: 'error.main' }}>
                    {t('pausedText')}
                  </Typography>
                ) : null}
              </Box>
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                <Button onClick={() => void test(hook)}>{t('sendTest')}</Button>
                <Button onClick={() => setOpen(open === hook.id ? null : hook.id)} aria-expanded={open === hook.id}>
                  {open === hook.id ? t('hideLog') : t('showLog')}
                </Button>
                <Button color="error" onClick={() => setDeleting(hook)} aria-label={t('deleteLabel', { url: hook.url })}>
                  {t('delete')}
                </Button>
              </Stack>
              {open === hook.id ? (
                <Box sx={{ flexBasis: '100%' }}>
                  <Suspense fallback={null}>
                    <DeliveryLog key={logVersion} hook={hook} />
                  </Suspense>
                </Box>
              ) : null}
            </ListItem>
          ))}
        </List>
      ) : null}

      {adding ? (
        <Suspense fallback={null}>
          <AddWebhookDialog
            onAdded={(hook) => setHooks((now) => (now.status === 'ready' ? { status: 'ready', hooks: [...now.hooks, hook] } : now))}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        busyLabel={t('deleting')}
        busy={busy}
        danger
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {t('deleteText', { url: deleting?.url ?? '' })}
      </ConfirmDialog>
    </Screen>
  );
}
