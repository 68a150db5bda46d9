import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS, WEBHOOK_URL_MAX, type WebhookEventType } from '../../contract/webhook';
import { createWebhook, type Webhook } from '../api/webhooks';
import { messageOf } from '../api/api-error';
import { useApi } from '../api/use-api';
import { SecretShownOnce } from '../shared/secret-shown-once';
import { useTexts } from '../i18n/texts';
import { WEBHOOKS_TEXTS } from './texts';

/** What each event is, under its name in the picker. */
const EVENT_HINTS = {
  'file.created': 'eventFileCreated',
  'file.status': 'eventFileStatus',
  'file.ready': 'eventFileReady',
  'file.failed': 'eventFileFailed',
  'file.updated': 'eventFileUpdated',
  'file.deleted': 'eventFileDeleted',
  'file.restored': 'eventFileRestored',
  'subtitle.created': 'eventSubtitleCreated',
  'subtitle.updated': 'eventSubtitleUpdated',
  'subtitle.deleted': 'eventSubtitleDeleted',
  'bulk_job.finished': 'eventBulkJobFinished',
} as const satisfies Record<WebhookEventType, keyof typeof WEBHOOKS_TEXTS.en>;

/**
 * Add a webhook endpoint: URL, description, the events it wants; then its signing secret, shown this
 * once with a copy button. `onAdded` adds the endpoint to the list as soon as it exists.
 */
export default function AddWebhookDialog({ onAdded, onClose }: { onAdded: (hook: Webhook) => void; onClose: () => void }) {
  const api = useApi();
  const { t } = useTexts(WEBHOOKS_TEXTS);
  const titleId = useId();
  const eventsId = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['file.ready', 'file.failed']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const toggle = (event: WebhookEventType, on: boolean) =>
    setEvents((now) => (on ? WEBHOOK_EVENTS.filter((e) => e === event || now.includes(e)) : now.filter((e) => e !== event)));

  const submit = async () => {
    if (!url.trim()) return setError(t('urlRequired'));
    if (!events.length) return setError(t('eventsRequired'));
    setBusy(true);
    setError(null);
    try {
      const reply = await createWebhook(api, {
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      onAdded(reply.data.webhook);
      setSecret(reply.data.secret);
    } catch (err) {
      setError(messageOf(err, t('addFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('dialogTitle')}</DialogTitle>
      {secret ? (
        <SecretShownOnce
          secret={secret}
          texts={{
            shownOnce: t('shownOnce'),
            label: t('secretLabel'),
            copy: t('copy'),
            copied: t('copied'),
            copyFailed: t('copyFailed'),
            done: t('done'),
          }}
          onDone={onClose}
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogContent>
            <Stack spacing={2}>
              {error ? <Alert severity="error">{error}</Alert> : null}
              <TextField
                type="url"
                label={t('url')}
                helperText={t('urlHelp')}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
                required
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, dir: 'ltr', spellCheck: false } }}
              />
              <TextField
                label={t('description')}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                fullWidth
                slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
              />
              <FormGroup role="group" aria-labelledby={eventsId}>
                <FormLabel id={eventsId}>{t('events')}</FormLabel>
                {WEBHOOK_EVENTS.map((event) => (
                  <FormControlLabel
                    key={event}
                    control={<Checkbox checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />}
                    label={
                      <>
                        {event}
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {t(EVENT_HINTS[event])}
                        </Typography>
                      </>
                    }
                  />
                ))}
              </FormGroup>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t('adding') : t('add')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
