import { Box, Typography } from '@mui/material';
import { formatShortDay } from './view-figures';

export interface DayBarsProps {
  /** The chart's caption, e.g. 'Views per day'. */
  caption: string;
  /** One value per day, oldest first. */
  days: { date: string; value: number }[];
  /** A value as it reads (a count, a duration). */
  format(value: number): string;
  /** What a screen reader hears instead of the bars. */
  summary: string;
  locale: string;
  /** A palette colour of the bars. */
  color: string;
}

/**
 * A bar per day, drawn as SVG (decision D64: a chart library would be most of the card's bytes for two
 * bar charts and a line): the bars scale to the width, the labels around them are text, and each bar
 * names its day and value on hover. The largest value is the top of the scale.
 */
export function DayBars({ caption, days, format, summary, locale, color }: DayBarsProps) {
  const max = Math.max(0, ...days.map((d) => d.value));
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2">
        {caption}
      </Typography>
      <Typography variant="caption" color="text.secondary" aria-hidden>
        {format(max)}
      </Typography>
      <Box
        component="svg"
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${Math.max(1, days.length)} 100`}
        preserveAspectRatio="none"
        sx={{ display: 'block', width: '100%', height: 96, color, borderBottom: 1, borderColor: 'divider' }}
      >
        {days.map((day, i) =>
          day.value > 0 ? (
            <rect
              key={day.date}
              x={i + 0.1}
              width={0.8}
              y={100 - (day.value / max) * 100}
              height={(day.value / max) * 100}
              fill="currentColor"
            >
              <title>{`${formatShortDay(day.date, locale)}: ${format(day.value)}`}</title>
            </rect>
          ) : null,
        )}
      </Box>
      {first && last ? (
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }} aria-hidden>
          <Typography variant="caption" color="text.secondary">
            {formatShortDay(first, locale)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatShortDay(last, locale)}
          </Typography>
        </Box>
      ) : null}
    </Box>
  );
}
