import { Box, Typography } from '@mui/material';
import { formatShare } from './view-figures';

export interface RetentionCurveProps {
  caption: string;
  /** The share of views (0 to 1) that reached 0 %, 10 %, … 90 % of the video. */
  retention: number[];
  /** What a screen reader hears instead of the curve (every point, in words). */
  summary: string;
  locale: string;
}

/** The retention curve as SVG (decision D64): the share of views still playing at each tenth of the video, 0 to 100 %. */
export function RetentionCurve({ caption, retention, summary, locale }: RetentionCurveProps) {
  const points = retention.map((share, i) => `${i * 10},${100 - Math.min(1, Math.max(0, share)) * 100}`).join(' ');
  const end = (retention.length - 1) * 10;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2">
        {caption}
      </Typography>
      <Typography variant="caption" color="text.secondary" aria-hidden>
        {formatShare(1, locale)}
      </Typography>
      <Box
        component="svg"
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${Math.max(10, end)} 100`}
        preserveAspectRatio="none"
        sx={{ display: 'block', width: '100%', height: 96, color: 'secondary.main', borderBottom: 1, borderColor: 'divider' }}
      >
        {retention.length ? (
          <>
            <polygon points={`0,100 ${points} ${end},100`} fill="currentColor" opacity={0.15} />
            <polyline points={points} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          </>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
        <Typography variant="caption" color="text.secondary">
          {formatShare(0, locale)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatShare(end / 100, locale)}
        </Typography>
      </Box>
    </Box>
  );
}
