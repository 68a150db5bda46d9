import { Button, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import type { VideoFile } from '../api/schemas';
import { useConfigState, useLinkBases } from '../session/use-session';
import { isCompleted } from '../../contract/file-status';
import { playerLink } from '../shared/player-link';
import { useSignedPlayerSrc } from '../shared/use-signed-player-src';
import { useTexts } from '../i18n/texts';
import { SectionCard } from '../ui/section-card';
import { CopyField } from './copy-field';
import { embedSnippet } from './embed';
import { embedUrl, type EmbedOptions } from './embed-options';
import { EDITOR_TEXTS } from './texts';
import { PREVIEW_TEXTS } from './preview-texts';
import { VideoPreview } from './video-preview';

const EmbedBuilderDialog = lazy(() => import('./embed-builder-dialog'));
// Where it may play: opened on request, its own chunk (the editor's first load is at its budget).
const PlayerAccessDialog = lazy(() => import('./player-access-dialog'));

/**
 * Embed & Link: the player link and the iframe snippet, read-only, as docs/spec.md §2 has them (a click on
 * either copies it); the video itself as customers get it; and 'Customize embed', the builder.
 */
export function EmbedCard({ file, onSaved }: { file: VideoFile; onSaved: (file: VideoFile) => void }) {
  const { playerDomain } = useLinkBases();
  const link = playerLink(playerDomain, file.file_slug);
  const { t } = useTexts(EDITOR_TEXTS);
  const preview = useTexts(PREVIEW_TEXTS);
  // Until the operator changes an option, the account's embed defaults (which may arrive after the first paint).
  const defaults = useConfigState().config?.player.embed;
  const [chosen, setOptions] = useState<EmbedOptions | null>(null);
  const options = chosen ?? defaults ?? {};
  const [building, setBuilding] = useState(false);
  const [builderLoaded, setBuilderLoaded] = useState(false);
  const [accessOpen, setAccessOpen] = useState(false);
  const [accessLoaded, setAccessLoaded] = useState(false);
  const title = file.file_title.trim() || t('videoPlayer');
  // Only a playable video is previewed, so a link is minted (for a file that needs signed links) only then.
  const previewSrc = useSignedPlayerSrc(file, link && isCompleted(file.file_status) ? embedUrl(link, options) : null);
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
          <VideoPreview file={file} src={previewSrc.src} failure={previewSrc.failure} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              variant="outlined"
              onClick={() => {
                setBuilderLoaded(true);
                setBuilding(true);
              }}
            >
              {preview.t('customize')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => {
                setAccessLoaded(true);
                setAccessOpen(true);
              }}
            >
              {preview.t('whereItPlays')}
            </Button>
          </Stack>
          {accessLoaded ? (
            <Suspense fallback={null}>
              <PlayerAccessDialog open={accessOpen} onClose={() => setAccessOpen(false)} file={file} onSaved={onSaved} />
            </Suspense>
          ) : null}
          {builderLoaded ? (
            <Suspense fallback={null}>
              <EmbedBuilderDialog
                open={building}
                onClose={() => setBuilding(false)}
                file={file}
                link={link}
                title={title}
                options={options}
                onOptionsChange={setOptions}
              />
            </Suspense>
          ) : null}
        </Stack>
      ) : (
        <Typography color="text.secondary">{t('noPlayerDomain')}</Typography>
      )}
    </SectionCard>
  );
}
