import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { formatStart, parseStart } from '../../contract/player-params';
import type { VideoFile } from '../api/schemas';
import { saveEmbedDefaults } from '../api/config';
import { failureText } from '../api/failure-text';
import { API_TEXTS } from '../api/texts';
import { getSubtitles } from '../api/subtitles';
import { getChapters } from '../api/chapters';
import type { ChapterJson } from '../../contract/chapters';
import { clockTime } from '../../subtitle-text/clock-time';
import { useConfigState, useSession } from '../session/use-session';
import { effectiveAccess } from '../shared/signed-player-url';
import { useSignedPlayerSrc } from '../shared/use-signed-player-src';
import { useNotify } from '../shell/notify';
import { useApi } from '../api/use-api';
import { useTexts } from '../i18n/texts';
import { CopyField } from './copy-field';
import { SignedSnippet, SiteTester } from './embed-access-sections';
import { EMBED_TEXTS } from './embed-builder-texts';
import { aspectRatio, embedUrl, type EmbedOptions } from './embed-options';
import { elementSnippet, fixedSize, iframeSnippet, parseEmbed } from './embed-snippets';
import { ownHostsOf } from './site-tester';

/** The preview waits this long after the last change, so typing a start time does not reload it per key. */
const PREVIEW_DELAY_MS = 250;

interface EmbedBuilderDialogProps {
  open: boolean;
  onClose: () => void;
  file: VideoFile;
  /** The plain player link. */
  link: string;
  /** The snippet's title (the file's, or 'Video player'). */
  title: string;
  options: EmbedOptions;
  onOptionsChange: (options: EmbedOptions) => void;
}

/**
 * The embed builder: each player parameter, the box's size, a live preview of the real player with
 * those parameters, the three snippets to copy, and a field where a pasted snippet or link is read
 * back into the options. Loaded only when opened (its own chunk).
 */
export default function EmbedBuilderDialog({ open, onClose, file, link, title, options, onOptionsChange }: EmbedBuilderDialogProps) {
  const { t } = useTexts(EMBED_TEXTS);
  const titleId = useId();
  const phone = useMediaQuery('(max-width:599.98px)');
  const ratio = aspectRatio(file.file_width, file.file_height);
  const languages = useSubtitleLanguages(file.file_id, open);
  const chapters = useChapters(file.file_id, open);
  const [startText, setStartText] = useState(options.start ? formatStart(options.start) : '');
  const [pasted, setPasted] = useState('');
  const url = embedUrl(link, options);
  const previewUrl = useDelayed(url, PREVIEW_DELAY_MS);
  // A file that needs signed links: the preview plays from a link the kit mints, the snippets need one of their own.
  const preview = useSignedPlayerSrc(file, previewUrl);
  const access = effectiveAccess(file.player_access, useConfigState().config?.player.access);
  const set = (change: Partial<EmbedOptions>) => onOptionsChange(withoutUndefined({ ...options, ...change }));
  const startInvalid = startText.trim() !== '' && parseStart(startText) === undefined;
  const copyTexts = (label: string, copy: string, copied: string) => ({ label, copy, copied, failed: t('copyFailed') });

  const paste = (text: string) => {
    setPasted(text);
    const read = parseEmbed(text);
    if (!read) return;
    onOptionsChange(read);
    setStartText(read.start ? formatStart(read.start) : '');
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{t('builderTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr)' }, pt: 1 }}>
          <Stack spacing={1.5}>
            <TextField
              label={t('start')}
              value={startText}
              size="small"
              error={startInvalid}
              helperText={startInvalid ? t('startInvalid') : t('startHint')}
              onChange={(event) => {
                setStartText(event.target.value);
                set({ start: parseStart(event.target.value) });
              }}
              slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'text', spellCheck: false } }}
            />
            {chapters.length ? (
              <TextField
                select
                label={t('startChapter')}
                size="small"
                value={chapters.find((c) => c.start === options.start)?.start ?? ''}
                onChange={(event) => {
                  const start = Number(event.target.value) || undefined;
                  setStartText(start ? formatStart(start) : '');
                  set({ start });
                }}
              >
                {chapters.map((c) => (
                  <MenuItem key={c.start} value={c.start}>
                    {`${clockTime(c.start)} ${c.title}`}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Toggle label={t('autoplay')} checked={Boolean(options.autoplay)} onChange={(autoplay) => set({ autoplay })} />
            {options.autoplay ? (
              <Box component="p" sx={{ m: 0, mt: -1, typography: 'body2', color: 'text.secondary' }}>
                {t('autoplayHint')}
              </Box>
            ) : null}
            <Toggle
              label={t('muted')}
              checked={Boolean(options.muted || options.autoplay)}
              disabled={Boolean(options.autoplay)}
              onChange={(muted) => set({ muted })}
            />
            <Toggle label={t('loop')} checked={Boolean(options.loop)} onChange={(loop) => set({ loop })} />
            <Toggle
              label={t('controls')}
              checked={options.controls !== false}
              onChange={(on) => set({ controls: on ? undefined : false })}
            />
            <Toggle label={t('showTitle')} checked={options.title !== false} onChange={(on) => set({ title: on ? undefined : false })} />
            <TextField
              select
              size="small"
              label={t('subtitles')}
              value={options.subtitles && languages.includes(options.subtitles) ? options.subtitles : ''}
              onChange={(event) => set({ subtitles: event.target.value || undefined })}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('noSubtitles')}</MenuItem>
              {languages.map((lang) => (
                <MenuItem key={lang} value={lang}>
                  {languageName(lang)}
                </MenuItem>
              ))}
            </TextField>
            <SizeFields options={options} ratio={ratio} onChange={set} />
          </Stack>
          <Stack spacing={2}>
            <Box
              component="iframe"
              src={preview.src ?? undefined}
              title={t('preview', { title })}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
              data-preview
              sx={{
                display: 'block',
                width: '100%',
                maxWidth: `calc(50vh * ${ratio.width} / ${ratio.height})`,
                mx: 'auto',
                aspectRatio: `${ratio.width} / ${ratio.height}`,
                border: 0,
                bgcolor: '#000',
              }}
            />
            <CopyField
              texts={copyTexts(t('iframe'), t('copyIframe'), t('copiedIframe'))}
              value={iframeSnippet(link, title, ratio, options)}
              multiline
            />
            <CopyField texts={copyTexts(t('link'), t('copyLink'), t('copiedLink'))} value={url} />
            <CopyField
              texts={copyTexts(t('element'), t('copyElement'), t('copiedElement'))}
              value={elementSnippet(link, title, ratio, options)}
              multiline
            />
            <TextField
              label={t('paste')}
              value={pasted}
              multiline
              minRows={2}
              error={pasted.trim() !== '' && !parseEmbed(pasted)}
              helperText={pasted.trim() !== '' && !parseEmbed(pasted) ? t('pasteInvalid') : t('pasteHint')}
              onChange={(event) => paste(event.target.value)}
              slotProps={{
                htmlInput: {
                  dir: 'ltr',
                  spellCheck: false,
                  style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 13 },
                },
              }}
            />
            {access.signed ? <SignedSnippet fileId={file.file_id} link={link} title={title} ratio={ratio} options={options} /> : null}
            <SiteTester access={access} ownHosts={ownHostsOf(link, globalThis.location?.href)} />
          </Stack>
        </Box>
      </DialogContent>
      <DialogActions>
        <SaveAsDefault options={options} />
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** 'Save as default': the options (not the size) become what every new snippet of the account starts from. */
function SaveAsDefault({ options }: { options: EmbedOptions }) {
  const { t } = useTexts(EMBED_TEXTS);
  const api = useApi();
  const { store } = useSession();
  const notify = useNotify();
  const apiTexts = useTexts(API_TEXTS);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const { fixed: _size, ...params } = options;
    try {
      const reply = await saveEmbedDefaults(api, params);
      const config = store.getState().config;
      if (config) store.setServerConfig({ ...config, player: { ...config.player, embed: reply.data.player.embed } });
      notify.success(t('savedDefault'));
    } catch (error) {
      notify.error(t('saveDefaultFailed', { reason: failureText(error, apiTexts.t) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void save()} disabled={busy} sx={{ mr: 'auto' }}>
      {busy ? t('savingDefault') : t('saveDefault')}
    </Button>
  );
}

function Toggle({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />}
      label={label}
      sx={{ m: 0, gap: 1 }}
    />
  );
}

/** Responsive (the video's shape, full width) or a fixed size that starts from the video's shape. */
function SizeFields({
  options,
  ratio,
  onChange,
}: {
  options: EmbedOptions;
  ratio: { width: number; height: number };
  onChange: (change: Partial<EmbedOptions>) => void;
}) {
  const { t } = useTexts(EMBED_TEXTS);
  const fixed = options.fixed;
  const pixels = (value: string) => Math.min(Math.max(Math.round(Number(value)) || 1, 1), 10_000);
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        label={t('size')}
        value={fixed ? 'fixed' : 'responsive'}
        onChange={(event) => onChange({ fixed: event.target.value === 'fixed' ? fixedSize(ratio) : undefined })}
      >
        <MenuItem value="responsive">{t('responsive')}</MenuItem>
        <MenuItem value="fixed">{t('fixed')}</MenuItem>
      </TextField>
      {fixed ? (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="number"
            label={t('width')}
            value={fixed.width}
            onChange={(event) => {
              const width = pixels(event.target.value);
              onChange({ fixed: { width, height: Math.round((width * ratio.height) / ratio.width) } });
            }}
          />
          <TextField
            size="small"
            type="number"
            label={t('height')}
            value={fixed.height}
            onChange={(event) => onChange({ fixed: { width: fixed.width, height: pixels(event.target.value) } })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The languages of the file's subtitle tracks (the only ones the player can show). */
function useSubtitleLanguages(fileId: number, open: boolean): string[] {
  const api = useApi();
  const [languages, setLanguages] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    getSubtitles(api, fileId, abort.signal).then(
      (reply) => setLanguages([...new Set(reply.data.subs.map((s) => s.sub_lang.toLowerCase()))].sort()),
      () => setLanguages([]), // the list is a convenience: without it, no subtitle is chosen
    );
    return () => abort.abort();
  }, [api, fileId, open]);
  return languages;
}

/**
 * The file's chapters (D66): a chapter is a start time for the snippet (`start`, the player's own
 * parameter), so a snippet keeps working whatever becomes of the chapters later.
 */
function useChapters(fileId: number, open: boolean): ChapterJson[] {
  const api = useApi();
  const [chapters, setChapters] = useState<ChapterJson[]>([]);
  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    getChapters(api, fileId, abort.signal).then(
      (read) => setChapters(read?.chapters ?? []),
      () => setChapters([]), // a convenience: without it, the start is typed
    );
    return () => abort.abort();
  }, [api, fileId, open]);
  return chapters;
}

function useDelayed<T>(value: T, ms: number): T {
  const [delayed, setDelayed] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDelayed(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return delayed;
}

const languageName = (code: string): string => {
  try {
    return `${new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code} (${code})`;
  } catch {
    return code;
  }
};

const withoutUndefined = (options: EmbedOptions): EmbedOptions =>
  Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as EmbedOptions;
