import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useRef } from 'react';
import { useNotify } from '../shell/notify';
import { ContentCopyIcon } from '../ui/icons';
import { copyText } from './copy-text';

export interface CopyTexts {
  label: string;
  copy: string;
  copied: string;
  failed: string;
}

/** A read-only field whose click (or copy button) copies its value and says so in a toast. */
export function CopyField({ texts, value, multiline = false }: { texts: CopyTexts; value: string; multiline?: boolean }) {
  const notify = useNotify();
  const ref = useRef<HTMLDivElement>(null);
  const copy = async () => {
    const ok = await copyText(value, ref.current?.getRootNode() ?? null);
    if (ok) notify.success(texts.copied);
    else notify.error(texts.failed);
  };
  return (
    <TextField
      ref={ref}
      label={texts.label}
      value={value}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onClick={copy}
      slotProps={{
        // A URL and HTML read left to right, even in a right-to-left layout.
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          dir: 'ltr',
          style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13, cursor: 'copy' },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={texts.copy}>
                <IconButton
                  aria-label={texts.copy}
                  edge="end"
                  onClick={(event) => {
                    event.stopPropagation();
                    void copy();
                  }}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
