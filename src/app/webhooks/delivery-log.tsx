import { Alert, Box, Button, List, ListItem, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { WEBHOOK_DELIVERY_STATES } from '../../contract/webhook';
import { listDeliveries, redeliver, type Webhook, type WebhookDelivery } from '../api/webhooks';
import { messageOf } from '../api/api-error';
import { useApi } from '../api/use-api';
import { formatDateTime } from '../i18n/format';
import { useTexts } from '../i18n/texts';
import { useNotify } from '../shell/notify';
import { WEBHOOKS_TEXTS } from './texts';

const STATE_NAMES = {
  pending: 'deliveryPending',
  delivered: 'deliveryDelivered',
  failed: 'deliveryFailed',
  held: 'deliveryHeld',
} as const satisfies Record<(typeof WEBHOOK_DELIVERY_STATES)[number], string>;

type Log = { status: 'loading' } | { status: 'failed'; reason: string } | { status: 'ready'; deliveries: WebhookDelivery[] };

/**
 * An endpoint's delivery log: each delivery with its attempts (time, status code, latency, the first
 * 1 KB of the answer) and Redeliver, which sends it again now under the same Webhook-Id.
 */
export default function DeliveryLog({ hook }: { hook: Webhook }) {
  const api = useApi();
  const notify = useNotify();
  const { t, locale } = useTexts(WEBHOOKS_TEXTS);
  const [log, setLog] = useState<Log>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listDeliveries(api, hook.id, controller.signal).then(
      (reply) => setLog({ status: 'ready', deliveries: reply.data.deliveries }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLog({ status: 'failed', reason: messageOf(error, t('logFailed')) });
      },
    );
    return () => controller.abort();
  }, [api, hook.id, attempt, t]);

  const again = async (delivery: WebhookDelivery) => {
    try {
      await redeliver(api, hook.id, delivery.id);
      notify.success(t('redelivered'));
      setAttempt((n) => n + 1);
    } catch (error) {
      notify.error(error, t('redeliverFailed'));
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
          {t('refresh')}
        </Button>
      </Stack>
      {log.status === 'loading' ? <Typography sx={{ color: 'text.secondary' }}>{t('logLoading')}</Typography> : null}
      {log.status === 'failed' ? <Alert severity="warning">{log.reason}</Alert> : null}
      {log.status === 'ready' && log.deliveries.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('logEmpty')}</Typography>
      ) : null}
      {log.status === 'ready' && log.deliveries.length > 0 ? (
        <List aria-label={t('logLabel', { url: hook.url })} dense disablePadding>
          {log.deliveries.map((delivery) => {
            const time = formatDateTime(delivery.created_at, locale);
            return (
              <ListItem key={delivery.id} divider sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {`${delivery.type} · ${t(STATE_NAMES[delivery.state])} · ${time}`}
                  </Typography>
                  {delivery.attempts.map((a, i) => (
                    <Typography key={i} variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {t('attempt', {
                        time: formatDateTime(a.at, locale),
                        status: a.status_code === null ? t('noAnswer') : String(a.status_code),
                        latency: String(a.latency_ms),
                      })}
                      {a.response ? ` · ${a.response}` : ''}
                    </Typography>
                  ))}
                </Box>
                <Button size="small" onClick={() => void again(delivery)} aria-label={t('redeliverLabel', { type: delivery.type, time })}>
                  {t('redeliver')}
                </Button>
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </Box>
  );
}
