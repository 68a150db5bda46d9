import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, type ApiKeyScope } from '../../contract/api-key';
import { createApiKey, type ApiKey } from '../api/api-keys';
import { messageOf } from '../api/api-error';
import { useApi } from '../api/use-api';
import { SecretShownOnce } from '../shared/secret-shown-once';
import { useTexts } from '../i18n/texts';
import { KEYS_TEXTS } from './texts';

const SCOPE_TEXTS = {
  read: ['scopeRead', 'scopeReadHelp'],
  write: ['scopeWrite', 'scopeWriteHelp'],
  upload: ['scopeUpload', 'scopeUploadHelp'],
} as const;

/** The end of the chosen day (UTC) as the expiry: a key "expiring on" a day works through that day. */
const expiryOf = (day: string): string | undefined => (day ? `${day}T23:59:59.999Z` : undefined);

/**
 * Create an API key: name, scope, optional expiry; then the key itself, shown this once with a copy
 * button (the server stores only its hash). `onCreated` adds it to the list as soon as it exists.
 */
export default function CreateKeyDialog({ onCreated, onClose }: { onCreated: (key: ApiKey) => void; onClose: () => void }) {
  const api = useApi();
  const { t } = useTexts(KEYS_TEXTS);
  const titleId = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const submit = async () => {
    if (!name.trim()) return setError(t('nameRequired'));
    setBusy(true);
    setError(null);
    try {
      const reply = await createApiKey(api, { name: name.trim(), scope, expires_at: expiryOf(expiry) });
      onCreated(reply.data.key);
      setSecret(reply.data.apiKey);
    } catch (err) {
      setError(messageOf(err, t('createFailed')));
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
            label: t('keyLabel'),
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
                label={t('name')}
                helperText={t('nameHelp')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                required
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
              />
              <TextField
                select
                label={t('scope')}
                value={scope}
                onChange={(event) => setScope(event.target.value as ApiKeyScope)}
                helperText={t(SCOPE_TEXTS[scope][1])}
                fullWidth
              >
                {API_KEY_SCOPES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(SCOPE_TEXTS[value][0])}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                type="date"
                label={t('expiry')}
                helperText={t('expiryHelp')}
                value={expiry}
                onChange={(event) => setExpiry(event.target.value)}
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {busy ? t('creating') : t('create')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
