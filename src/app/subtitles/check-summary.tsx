import { Alert, Box, Typography } from '@mui/material';
import type { SubtitleCheck } from '../../contract/subtitle-text';
import { EncodingSelect } from './encoding-select';

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
  if (check === 'checking')
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        Checking the file…
      </Typography>
    );
  if (!check.ok) return null; // The dialog shows the reason as its error.
  return (
    <Box role="status" aria-label="Subtitle check" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">
        {FORMAT_NAMES[check.format] ?? check.format} · {check.encoding.toUpperCase()}
        {check.bom ? ' with BOM' : ''}
        {check.encodingConfidence === 'guess' ? ' (guessed)' : ''} · {check.cueCount} {check.cueCount === 1 ? 'cue' : 'cues'}
      </Typography>
      {overridden || check.encodingConfidence !== 'certain' ? (
        <EncodingSelect
          value={check.encoding}
          onChange={onEncoding}
          disabled={disabled}
          helperText="If the cues below look garbled, pick the encoding the file was saved in. The file is kept as it is; the player reads it with this encoding."
        />
      ) : null}
      {check.firstProblem ? (
        <Alert severity="warning" variant="outlined">
          Line {check.firstProblem.line}: {check.firstProblem.message.replace(/^Line \d+:\s*/, '')}
          {check.problems.length > 1 ? ` (and ${check.problems.length - 1} more)` : ''}. The file can still be uploaded, but some players
          may skip these cues.
        </Alert>
      ) : null}
      {check.preview.length > 0 ? (
        <Box
          component="ol"
          aria-label="First cues"
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
