import { IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useRef } from 'react';
import type { VideoFile } from '../api/schemas';
import { useLinkBases } from '../config/use-config';
import { useNotify } from '../shell/notify';
import { ContentCopyIcon } from '../ui/icons';
import { copyText } from './copy-text';
import { SectionCard } from '../ui/section-card';
import { playerLink } from '../config/player-link';
import { embedSnippet } from './embed';

/** Embed & Link: the player link and the iframe snippet, read-only; a click on either copies it. */
export function EmbedCard({ file }: { file: VideoFile }) {
  const { playerDomain } = useLinkBases();
  const link = playerLink(playerDomain, file.file_slug);
  return (
    <SectionCard title="Embed & Link">
      {link ? (
        <Stack spacing={2}>
          <CopyField label="Player link" value={link} />
          <CopyField label="Embed code" value={embedSnippet(link, file.file_title)} multiline />
        </Stack>
      ) : (
        <Typography color="text.secondary">
          The player address is not configured yet, so there is no link to share. It comes from the server's config (or the element's player-domain attribute) and must start with http:// or https://.
        </Typography>
      )}
    </SectionCard>
  );
}

function CopyField({ label, value, multiline = false }: { label: string; value: string; multiline?: boolean }) {
  const notify = useNotify();
  const ref = useRef<HTMLDivElement>(null);
  const copy = async () => {
    const ok = await copyText(value, ref.current?.getRootNode() ?? null);
    if (ok) notify.success(`${label} copied to clipboard!`);
    else notify.error(`${label} could not be copied. Select the text and press Ctrl+C (⌘C on a Mac).`);
  };
  return (
    <TextField
      ref={ref}
      label={label}
      value={value}
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      onClick={copy}
      slotProps={{
        // A URL and HTML read left to right, even in a right-to-left layout.
        htmlInput: { readOnly: true, spellCheck: false, dir: 'ltr', style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13, cursor: 'copy' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={`Copy ${label.toLowerCase()}`}>
                <IconButton
                  aria-label={`Copy ${label.toLowerCase()}`}
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
