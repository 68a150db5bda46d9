import { Alert, Button, DialogActions, DialogContent, Stack, TextField } from '@mui/material';
import { useRef } from 'react';
import { useNotify } from '../shell/notify';

/** The words of the pane, in the caller's texts (an API key's, a webhook's). */
export interface SecretShownOnceTexts {
  shownOnce: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

/**
 * A secret the server shows this once (an API key, a webhook's signing secret): a warning, the secret
 * read-only with a copy button, and Done. The Clipboard API, else (an http page, no permission) the
 * secret selected for the operator to copy. Not the editor's CopyField: shared by a third chunk, it would
 * move into the shared chunk every element loads (vite.config.ts, kit-shared).
 */
export function SecretShownOnce({ secret, texts, onDone }: { secret: string; texts: SecretShownOnceTexts; onDone: () => void }) {
  const notify = useNotify();
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success(texts.copied);
    } catch {
      field.current?.select();
      notify.error(texts.copyFailed);
    }
  };
  return (
    <>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {texts.shownOnce}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            inputRef={field}
            label={texts.label}
            value={secret}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                dir: 'ltr',
                style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' },
              },
            }}
          />
          <Button variant="outlined" onClick={() => void copy()}>
            {texts.copy}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone} variant="contained">
          {texts.done}
        </Button>
      </DialogActions>
    </>
  );
}
