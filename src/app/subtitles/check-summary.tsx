import { Alert, Box, Typography } from '@mui/material';
import type { SubtitleCheck } from '../../subtitle-text';
import { EncodingSelect } from './encoding-select';
import { useTexts } from '../i18n/texts';
import { SUBTITLE_TEXTS } from './texts';

const FORMAT_NAMES: Record<string, string> = {
  srt: 'SubRip (.srt)',
  vtt: 'WebVTT (.vtt)',
  ass: 'Advanced SubStation (.ass)',
  ssa: 'SubStation Alpha (.ssa)',
  microdvd: 'MicroDVD (.sub)',
  subviewer: 'SubViewer (.sub)',
};

const time = (ms: number) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
};

/** What the check found: format, encoding, cue count, first problem, the first cues — all as text, never HTML. */
interface CheckSummaryProps {
  check: SubtitleCheck | 'checking';
  /** The user picked the encoding: keep offering the choice even when the pick reads as certain. */
  overridden: boolean;
  onEncoding: (encoding: string) => void;
  disabled: boolean;
}

export function CheckSummary({ check, overridden, onEncoding, disabled }: CheckSummaryProps) {
  const { t } = useTexts(SUBTITLE_TEXTS);
  if (check === 'checking')
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {t('checking')}
      </Typography>
    );
  if (!check.ok) return null; // The dialog shows the reason as its error.
  return (
    <Box role="status" aria-label={t('check')} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">
        {FORMAT_NAMES[check.format] ?? check.format} · {check.encoding.toUpperCase()}
        {check.bom ? t('withBom') : ''}
        {check.encodingConfidence === 'guess' ? t('guessed') : ''} · {t('cues', { count: check.cueCount })}
      </Typography>
      {overridden || check.encodingConfidence !== 'certain' ? (
        <EncodingSelect value={check.encoding} onChange={onEncoding} disabled={disabled} helperText={t('pickEncoding')} />
      ) : null}
      {check.firstProblem ? (
        <Alert severity="warning" variant="outlined">
          {t('problem', {
            line: String(check.firstProblem.line),
            message: check.firstProblem.message.replace(/^Line \d+:\s*/, ''),
            more: check.problems.length > 1 ? t('moreProblems', { count: check.problems.length - 1 }) : '',
          })}
        </Alert>
      ) : null}
      {check.preview.length > 0 ? (
        <Box
          component="ol"
          aria-label={t('firstCues')}
          sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5, maxHeight: 140, overflow: 'auto' }}
        >
          {check.preview.map((cue, index) => (
            <Box component="li" key={index} sx={{ fontSize: 13, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              <Box component="span" sx={{ color: 'text.secondary', fontFamily: 'ui-monospace, Menlo, Consolas, monospace', mr: 1 }}>
                {time(cue.start)}
              </Box>
              {cue.text}
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
