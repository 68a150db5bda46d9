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
import { useTexts } from '../i18n/texts';
import { EDITOR_TEXTS } from './texts';

/** Embed & Link: the player link and the iframe snippet, read-only; a click on either copies it. */
export function EmbedCard({ file }: { file: VideoFile }) {
  const { playerDomain } = useLinkBases();
  const link = playerLink(playerDomain, file.file_slug);
  const { t } = useTexts(EDITOR_TEXTS);
  return (
    <SectionCard title={t('embedTitle')}>
      {link ? (
        <Stack spacing={2}>
          <CopyField
            texts={{ label: t('playerLink'), copy: t('copyPlayerLink'), copied: t('copiedPlayerLink'), failed: t('copyFailedPlayerLink') }}
            value={link}
          />
          <CopyField
            texts={{ label: t('embedCode'), copy: t('copyEmbedCode'), copied: t('copiedEmbedCode'), failed: t('copyFailedEmbedCode') }}
            value={embedSnippet(link, file.file_title, t('videoPlayer'))}
            multiline
          />
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('noPlayerDomain')}</Typography>
      )}
    </SectionCard>
  );
}

interface CopyTexts {
  label: string;
  copy: string;
  copied: string;
  failed: string;
}

function CopyField({ texts, value, multiline = false }: { texts: CopyTexts; value: string; multiline?: boolean }) {
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
